"""Names of actions, the spectator's picture of a position and a seat's picture of its view."""

from __future__ import annotations

from . import actions, view
from .components import LOCATION_TITLES, OBJECTIVE_GROUPS, REGION_TITLES, RELIC_TYPES, relic_name

ROMAN = ("I", "II", "III", "IV", "V", "VI")
LOCATION_ACTIONS = (
    ("Study", "Deepen Knowledge"),
    ("Exhibit relics", "Study a Relic"),
    ("Meet a Patron", "Sell a Relic"),
    ("Organize an Expedition", "-"),
)


def wants(region: int, typ: int) -> str:
    """What a patron or a Gallery space asks for: a region, a relic type, or both."""
    relic = RELIC_TYPES[typ] if typ >= 0 else "relic"
    return f"{REGION_TITLES[region]} {relic}" if region >= 0 else relic


def _option(s, k: int) -> str:
    """An option of a decision that names none (never legal: for a complete text table)."""
    return f"option {k}"


def _option_setup_society(s, k: int) -> str:
    offer = s.society_offer[s.decider]
    return "keep " + s.game.rb.societies[offer[k]]["name"] if k < 2 and offer else _option(s, k)


PAYMENTS = (
    "pay in full",
    "spend 2 Reputation: -£3",
    "spend 2 Reputation: -1 Knowledge",
    "spend 4 Reputation: -£3 and -1 Knowledge",
)
_NAMED_OPTIONS = {
    "setup_side": lambda s, k: f"Society board side {'AB'[k] if k < 2 else k}",
    "setup_expertise": lambda s, k: "expertise {}/{}/{}".format(*actions.EXPERTISE_PERMUTATIONS[k]),
    "setup_society": _option_setup_society,
    "milestone_8": lambda s, k: f"Knowledge 8: {('1 Science', '5 Prestige')[k]}" if k < 2 else "-",
    "location_action": lambda s, k: (
        LOCATION_ACTIONS[s.cur[1]][k] if s.cur[1] >= 0 and k < 2 else _option(s, k)
    ),
    "expedition_payment": lambda s, k: PAYMENTS[k] if k < len(PAYMENTS) else _option(s, k),
}
"""The text of option ``k`` of the decisions that number their options, by name."""


def _patron(s, k: int) -> str:
    x = s.game.patrons[k]
    return f"patron {k} (£{x.rate}/expertise, honored with {wants(x.region, x.type)}, -{x.penalty})"


def _expedition(s, k: int) -> str:
    c = s.game.expeditions[k]
    return f"expedition {c.site} ({REGION_TITLES[c.region]}, expertise {c.expertise})"


def _gallery_space(s, sp: int) -> str:
    col = actions.SPACE_COLLECTION[sp]
    region, typ = s.game.collection_faces[s.faces[col]].spaces[sp - actions.GALLERY_START[col]]
    return f"Grand Gallery space {sp} (collection {ROMAN[col]}: {wants(region, typ)})"


action_to_string = actions.ACTIONS.describer(
    {
        "explorer": lambda s, k: f"explorer {k + 1}",
        "place": lambda s, k: (
            f"place in {LOCATION_TITLES[k // actions.SECTIONS]}, section {k % actions.SECTIONS + 1}"
        ),
        "gain_reputation": lambda s, k: "gain 2 Reputation with a Society disc",
        "patron": _patron,
        "present": lambda s, k: f"present to the Royal Society: objective {OBJECTIVE_GROUPS[k]}",
        "publisher": lambda s, k: (
            f"find a publisher in Bloomsbury ({actions.BLOOMSBURY_STACKS[k]})"
        ),
        "done": lambda s, k: "done / decline",
        "expedition": _expedition,
        "program_space": lambda s, k: f"Program space {k + 1}",
        "draw_three": lambda s, k: "draw 3 Expedition cards, keep 1",
        "region": lambda s, k: REGION_TITLES[k],
        "relic": lambda s, k: relic_name(k),
        "gallery_space": _gallery_space,
        "bloomsbury_tile": lambda s, k: "Bloomsbury: " + s.game.rb.bloomsbury[k]["text"],
        "favor": lambda s, k: f"King's Favor space {k + 1}",
        "option": lambda s, k: _NAMED_OPTIONS.get(actions.DECISIONS[s.decision], _option)(s, k),
    }
)


def _kept_from_draw(s, action: int) -> str:
    """What the others see of the card kept from a draw of three: the cards discarded."""
    kept = action - actions.CARD0
    discarded = " and ".join(_expedition(s, c) for c in s.drawn_cards if c != kept)
    return "keep one of the cards drawn, discard " + discarded


action_seen_by = actions.ACTIONS.seen_by(action_to_string, {actions.C_PICK_DRAWN: _kept_from_draw})
"""How a player sees a move: the card kept from a draw of three goes to the hidden hand; the
rest is open."""


def _owner(o) -> str:
    """A piece's owner in a picture: P<seat>, A (the Automa), N (the neutral), . (empty)."""
    return {None: ".", "automa": "A", "neutral": "N"}.get(o, f"P{o}")


def _cards(g, cards) -> str:
    return ", ".join(g.expeditions[c].site for c in cards) or "-"


def _board_lines(g, v) -> list[str]:
    """The public table, drawn from a view (the spectator's picture uses the same lines)."""
    lines = []
    for q, seat in enumerate(v["seats"]):
        soc = g.rb.societies[seat["society"]]["name"] if seat["society"] is not None else "-"
        lines.append(
            f"P{q}: rep {seat['reputation']} prestige {seat['prestige']} science "
            f"{seat['science']} £{seat['money']} knowledge {seat['knowledge']} expertise "
            f"{seat['expertise']} discs {seat['discs']} relics {sum(seat['relics'])} hand "
            f"{seat['hand_size']} expeditions {len(seat['expeditions'])} [{soc}]"
        )
    lines.append("Reputation (top first): " + " ".join(f"P{q}" for q in v["reputation_stack"]))
    lines.append("King's Favors: " + " ".join(_owner(o) for o in v["favor_spaces"]))
    prog = ", ".join(g.expeditions[c].site if c is not None else "-" for c in v["program"])
    lines.append(f"Program (space 1..6): {prog}")
    for loc, pieces in enumerate(v["locations"]):
        text = " ".join(f"{_owner(o)}@{sec}" + (f"x{k}" if k > 1 else "") for sec, o, k in pieces)
        lines.append(f"{LOCATION_TITLES[loc]}: {text}")
    gallery = "".join(_owner(o)[-1] for o in v["gallery"])
    lines.append("Grand Gallery: " + " ".join(gallery[sl] for sl in actions.COLLECTIONS))
    lines.append(
        f"decks: Expedition {v['expedition_deck_size']}, Patron {v['patron_deck_size']}; "
        f"Bloomsbury stacks {v['bloomsbury_stacks'][0]} / {v['bloomsbury_stacks'][1]}; "
        f"discard pile: {_cards(g, v['expedition_discard'])}"
    )
    return lines


def _opening(g, v, whose: str, scores: str = "") -> list[str]:
    """A picture's heading (the year, and whose picture it is) and the pending decision (or
    the end, with the ``scores`` the picture knows)."""
    year = f"year {min(v['year'], g.years)}/{g.years}"
    heading = f"The Royal Society of Archeology - {g.mode}, {year} - {whose}"
    d = v["decision"]
    if d["kind"] == "game_over":
        return [heading, "game over" + (f"; scores {scores}" if scores else "")]
    return [heading, actions.DECISIONS.asking(d["kind"], d["player"])]


def render_view(g, v) -> str:
    p, own = v["player"], v["own"]
    lines = _opening(g, v, f"seat of player {p}") + _board_lines(g, v)
    lines.append(f"your hand: {_cards(g, own['hand'])}")
    if own["setup_hand"]:
        lines.append(f"your set-up cards: {_cards(g, own['setup_hand'])}")
    lines.append("your Study cards: " + ", ".join(map(str, own["studies"])))
    if own["drawn_cards"]:
        lines.append(f"cards on the table: {_cards(g, own['drawn_cards'])}")
    if own["drawn_patrons"]:
        drawn = ", ".join(map(str, own["drawn_patrons"]))
        mine = v["decision"]["player"] == p
        lines.append(f"patrons drawn: {drawn}" if mine else f"patrons you know drawn: {drawn}")
    if put_back := [x for x in v["patrons_put_back"] if x is not None]:
        lines.append("patrons you know under the deck: " + ", ".join(map(str, put_back)))
    tiles = own["known_tiles"]
    if tiles["stack"] or tiles["box"]:
        lines.append(f"Bloomsbury tiles you have seen: stacks {tiles['stack']}, box {tiles['box']}")
    for q, seat in enumerate(v["seats"]):
        if q != p and seat["known_hand"]:
            lines.append(f"P{q} holds (taken from the Program): {_cards(g, seat['known_hand'])}")
    return "\n".join(lines)


def render_spectator(s) -> str:
    """The spectator's picture: the public table, and every hidden hand and card."""
    g = s.game
    v = view.build_view(s, 0)
    scores = ", ".join(str(int(x)) for x in s.scores())
    lines = _opening(g, v, "spectator's picture (shows hidden information)", scores)
    lines += _board_lines(g, v)
    for p in range(g.num_players):
        lines.append(
            f"P{p} hand: {_cards(g, sorted(s.hand[p]))}; studies {sorted(s.studies[p])}; "
            f"set-up cards {_cards(g, sorted(s.setup_hand[p]))}"
        )
    lines.append(f"Expedition deck (top last): {_cards(g, s.exp_deck)}")
    lines.append("Patron deck (top last): " + ", ".join(map(str, s.patron_deck)))
    return "\n".join(lines)
