"""Names of actions, the spectator's picture of a position and a seat's picture of its view."""

from __future__ import annotations

from .actions import (
    BLOOM_CLAIM0,
    C_EXP_PAY,
    C_EXPERTISE,
    C_LOC_ACTION,
    C_MILESTONE8,
    C_SIDE,
    C_SOCIETY,
    CARD0,
    CLAIM0,
    DONE,
    DRAW3,
    EXPERTISE_PERMUTATIONS,
    EXPLORER0,
    FAVOR0,
    GAIN_REP,
    GALLERY_SIZES,
    GALLERY_START,
    NUM_ACTIONS,
    OPTION0,
    PATRON0,
    PLACE0,
    REGION0,
    RELIC0,
    SLOT0,
    SPACE0,
    SPACE_COLLECTION,
    TILE0,
)
from .components import LOCATION_TITLES, REGION_TITLES, relic_name

ROMAN = ("I", "II", "III", "IV", "V", "VI")
LOCATION_ACTIONS = (
    ("Study", "Deepen Knowledge"),
    ("Exhibit relics", "Study a Relic"),
    ("Meet a Patron", "Sell a Relic"),
    ("Organize an Expedition", "-"),
)


def _option(s, k: int) -> str:
    decision = s.decision
    if decision == C_SIDE:
        return f"Society board side {'AB'[k] if k < 2 else k}"
    if decision == C_EXPERTISE and k < 6:
        return "expertise " + "/".join(map(str, EXPERTISE_PERMUTATIONS[k]))
    if decision == C_SOCIETY and k < 2 and s.society_offer[s.decider]:
        return "keep " + s.game.rb.societies[s.society_offer[s.decider][k]]["name"]
    if decision == C_MILESTONE8:
        return ("Knowledge 8: 1 Science", "Knowledge 8: 5 Prestige")[k] if k < 2 else "-"
    if decision == C_LOC_ACTION and s.cur[1] >= 0 and k < 2:
        return LOCATION_ACTIONS[s.cur[1]][k]
    if decision == C_EXP_PAY and k < 4:
        return (
            "pay in full",
            "spend 2 Reputation: -£3",
            "spend 2 Reputation: -1 Knowledge",
            "spend 4 Reputation: -£3 and -1 Knowledge",
        )[k]
    return f"option {k}"


def action_to_string(s, a: int) -> str:
    if not 0 <= a < NUM_ACTIONS:
        return f"action {a} (out of range)"
    if a < PLACE0:
        return f"explorer {a - EXPLORER0 + 1}"
    if a < GAIN_REP:
        loc, sec = divmod(a - PLACE0, 6)
        return f"place in {LOCATION_TITLES[loc]}, section {sec + 1}"
    if a == GAIN_REP:
        return "gain 2 Reputation with a Society disc"
    if a < CLAIM0:
        x = s.game.patrons[a - PATRON0]
        wants = " ".join(
            w for w in (
                REGION_TITLES[x.region] if x.region >= 0 else "",
                ("instrument", "pottery", "scroll", "jewelry")[x.type] if x.type >= 0 else "relic",
            ) if w
        )  # fmt: skip
        return f"patron {a - PATRON0} (£{x.rate}/expertise, honored with {wants}, -{x.penalty})"
    if a < BLOOM_CLAIM0:
        return f"present to the Royal Society: objective {'ABC'[a - CLAIM0]}"
    if a < DONE:
        return f"find a publisher in Bloomsbury ({(10, 25)[a - BLOOM_CLAIM0]})"
    if a == DONE:
        return "done / decline"
    if a < SLOT0:
        c = s.game.expeditions[a - CARD0]
        return f"expedition {c.site} ({REGION_TITLES[c.region]}, expertise {c.expertise})"
    if a < DRAW3:
        return f"Program space {a - SLOT0 + 1}"
    if a == DRAW3:
        return "draw 3 Expedition cards, keep 1"
    if a < RELIC0:
        return REGION_TITLES[a - REGION0]
    if a < SPACE0:
        return relic_name(a - RELIC0)
    if a < TILE0:
        sp = a - SPACE0
        col = SPACE_COLLECTION[sp]
        region, typ = s.game.collection_faces[s.faces[col]].spaces[sp - GALLERY_START[col]]
        wants = " ".join(
            w for w in (
                REGION_TITLES[region] if region >= 0 else "",
                ("instrument", "pottery", "scroll", "jewelry")[typ] if typ >= 0 else "relic",
            ) if w
        )  # fmt: skip
        return f"Grand Gallery space {sp} (collection {ROMAN[col]}: {wants})"
    if a < FAVOR0:
        return "Bloomsbury: " + s.game.rb.bloomsbury[a - TILE0]["text"]
    if a < OPTION0:
        return f"King's Favor space {a - FAVOR0 + 1}"
    return _option(s, a - OPTION0)


def _owner(o) -> str:
    """A piece's owner in a picture: P<seat>, A (the Automa), N (the neutral), . (empty)."""
    if o is None:
        return "."
    return {"automa": "A", "neutral": "N"}.get(o, f"P{o}") if isinstance(o, str) else f"P{o}"


def _cards(g, cards) -> str:
    return ", ".join(g.expeditions[c].site for c in cards) or "-"


def _gallery_line(owners) -> str:
    gal = "".join(_owner(o)[-1] if o is not None else "." for o in owners)
    parts = [gal[GALLERY_START[c] : GALLERY_START[c] + GALLERY_SIZES[c]] for c in range(6)]
    return "Grand Gallery: " + " ".join(parts)


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
    lines.append(_gallery_line(v["gallery"]))
    lines.append(
        f"decks: Expedition {v['expedition_deck_size']}, Patron {v['patron_deck_size']}; "
        f"Bloomsbury stacks {v['bloomsbury_stacks'][0]} / {v['bloomsbury_stacks'][1]}; "
        f"discard pile: {_cards(g, v['expedition_discard'])}"
    )
    return lines


def _heading(g, v) -> str:
    return f"The Royal Society of Archeology - {g.mode}, year {min(v['year'], g.years)}/{g.years}"


def _decision_line(v, scores=None) -> str:
    d = v["decision"]
    if d["kind"] == "game_over":
        return "game over" + (f"; scores {scores}" if scores else "")
    return f"player {d['player']} decides: {d['kind']}"


def render_view(g, v) -> str:
    """One seat's picture, from its view alone."""
    p = v["player"]
    own = v["own"]
    lines = [f"{_heading(g, v)} - seat of player {p}", _decision_line(v)]
    lines += _board_lines(g, v)
    lines.append(f"your hand: {_cards(g, own['hand'])}")
    if own["setup_hand"]:
        lines.append(f"your set-up cards: {_cards(g, own['setup_hand'])}")
    lines.append("your Study cards: " + ", ".join(str(x) for x in own["studies"]))
    if own["drawn_cards"]:
        lines.append(f"cards on the table: {_cards(g, own['drawn_cards'])}")
    if own["drawn_patrons"]:
        lines.append("patrons drawn: " + ", ".join(str(x) for x in own["drawn_patrons"]))
    put_back = [x for x in v["patrons_put_back"] if x is not None]
    if put_back:
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
    from .view import build_view

    g = s.game
    v = build_view(s, 0)
    scores = ", ".join(str(int(x)) for x in s.scores())
    lines = [f"{_heading(g, v)} - spectator's picture (shows hidden information)"]
    lines.append(_decision_line(v, scores))
    lines += _board_lines(g, v)
    for p in range(g.num_players):
        lines.append(
            f"P{p} hand: {_cards(g, sorted(s.hand[p]))}; studies {sorted(s.studies[p])}; "
            f"set-up cards {_cards(g, sorted(s.setup_hand[p]))}"
        )
    lines.append(f"Expedition deck (top last): {_cards(g, s.exp_deck)}")
    lines.append("Patron deck (top last): " + ", ".join(map(str, s.patron_deck)))
    return "\n".join(lines)
