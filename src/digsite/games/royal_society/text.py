"""Names of actions and a text picture of a position (public information only)."""

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
    DECISION_NAMES,
    DONE,
    DRAW3,
    EXPERTISE_PERMUTATIONS,
    EXPLORER0,
    FAVOR0,
    GAIN_REP,
    GALLERY_START,
    GAME_OVER,
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


def render_state(s) -> str:
    g = s.game
    lines = [f"The Royal Society of Archeology - {g.mode}, year {min(s.year, g.years)}/{g.years}"]
    if s.decision == GAME_OVER:
        lines.append("game over; scores " + ", ".join(str(int(x)) for x in s.scores()))
    else:
        lines.append(f"player {s.decider} decides: {DECISION_NAMES[s.decision]}")
    for p in range(g.num_players):
        soc = g.rb.societies[s.society[p]]["name"] if s.society[p] >= 0 else "-"
        lines.append(
            f"P{p}: rep {s.rep[p]} prestige {s.prestige[p]} science {s.science[p]} £{s.money[p]}"
            f" knowledge {s.knowledge[p]} expertise {s.expertise[p]} discs {s.discs[p]}"
            f" relics {sum(s.relics[p])} hand {len(s.hand[p])} expeditions {len(s.played[p])}"
            f" [{soc}]"
        )
    prog = ", ".join(g.expeditions[c].site if c >= 0 else "-" for c in s.program)
    lines.append(f"Program (space 1..6): {prog}")
    for loc in range(4):
        pieces = " ".join(
            f"{'P' + str(x >> 3) if x >> 3 < 4 else ('A' if x >> 3 == 4 else 'N')}@{x & 7}"
            for x in s.locations[loc]
        )
        lines.append(f"{LOCATION_TITLES[loc]}: {pieces}")
    gal = "".join(
        "." if o < 0 else ("A" if o == 4 else "N" if o == 5 else str(o)) for o in s.gallery
    )
    lines.append(
        f"Grand Gallery: {gal[:3]} {gal[3:6]} {gal[6:9]} {gal[9:14]} {gal[14:19]} {gal[19:]}"
    )
    return "\n".join(lines)
