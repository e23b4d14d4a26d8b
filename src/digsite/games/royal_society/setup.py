"""Set-up: the deal of a new game (board, decks, Bloomsbury stacks, the Confrontation neutral
and the Automa, each player's studies, Society offer and cards) and the players' set-up
decisions (board side, Expertise, the cards kept, the Society card and its set-up benefits).
The King's Favors that close the set-up belong to the year (``year``)."""

from __future__ import annotations

from ...core.fields import removed, replaced
from . import actions, components
from .actions import C_BLOOM, CARD0, EXPERTISE_PERMUTATIONS, NEUTRAL, OPTION0, options, piece
from .components import OBJECTIVE_GROUPS, REGIONS
from .tasks import Task

COLLECTIONS_BY_SIZE = ((3, 3), (5, 2), (7, 1))
"""(size, count): the Grand Gallery shows 3 collections of 3 spaces, 2 of 5 and 1 of 7."""
NEUTRAL_SECTION = 4
SIMPLIFIED_MONEY, SIMPLIFIED_KNOWLEDGE = 20, 2
"""The simplified set-up's £20 and 2 Knowledge in each region, instead of a Society."""


class SetupRules:
    __slots__ = ()

    def _deal(self) -> None:
        """Deal a new game from the state's seed, then queue every player's set-up decisions
        and the set-up King's Favors (the order of the draws fixes each seed's game)."""
        self._deal_board()
        self._deal_decks()
        if self.game.neutral:
            self._deal_neutral()
        if self.game.automa:
            self.automa_deck = self._shuffled(range(len(self.game.automa_cards)))
            self.put("favor_space", replaced(self.favor_space, 0, actions.AUTOMA))
        self._deal_players()
        self.queue.append(Task(actions.A_SETUP_FAVORS))

    def _shuffled(self, items) -> list:
        items = list(items)
        self._shuffle(items)
        return items

    def _deal_board(self) -> None:
        """The Grand Gallery's collection tiles, the Royal Requirements and Requests, and the
        Bloomsbury stacks (one tile more than the societies on the board; the rest boxed)."""
        game = self.game
        faces = []
        for size, count in COLLECTIONS_BY_SIZE:
            tiles = [t for t, tile in enumerate(game.collections) if tile[0].size == size]
            faces += [2 * t + self._rand(2) for t in self._shuffled(tiles)[:count]]
        self.put("faces", tuple(faces))
        self.put("requirements", (self._rand(4), 4 + self._rand(4)))
        groups = (
            [o["id"] for o in game.rb.objectives if o["group"] == g] for g in OBJECTIVE_GROUPS
        )
        self.put("objectives", tuple(group[self._rand(len(group))] for group in groups))
        per_stack = game.board_players + 1
        for k, stack in enumerate(game.bloomsbury_stacks):
            tiles = self._shuffled(stack)
            self.stacks[k] = tiles[:per_stack]
            self.put("bloom_box", replaced(self.bloom_box, k, tuple(tiles[per_stack:])))

    def _deal_decks(self) -> None:
        """The Patron, Expedition (the simplified set-up's marked cards dealt first), Study and
        Society decks, and the Program."""
        game = self.game
        self.put("patron_deck", tuple(self._shuffled(range(components.NUM_PATRONS))))
        deck = list(range(components.NUM_EXPEDITIONS))
        if game.simplified:
            n = game.num_players
            marked = self._shuffled(game.simplified_cards)
            self.put("hand", tuple(tuple(sorted(marked[2 * p : 2 * p + 2])) for p in range(n)))
            dealt = set(marked[: 2 * n])
            self.put(
                "exp_epoch", tuple(-1 if c in dealt else e for c, e in enumerate(self.exp_epoch))
            )
            deck = [c for c in deck if c not in dealt]
        self.exp_deck = self._shuffled(deck)
        for slot in reversed(range(actions.PROGRAM_SPACES)):
            self.put("program", replaced(self.program, slot, self._draw_card()))
        self.study_deck = self._shuffled(range(components.NUM_STUDIES))
        self.society_deck = self._shuffled(() if game.simplified else range(12))

    def _deal_neutral(self) -> None:
        """Confrontation: a neutral disc in section 4 of each location, on the second Royal
        Request, and on one random space of each collection (two of the largest)."""
        self.put(
            "locations",
            tuple((*loc, piece(NEUTRAL, NEUTRAL_SECTION)) for loc in self.locations),
        )
        self.put("rs_left", replaced(self.rs_left, 1, NEUTRAL))
        for c, sl in enumerate(actions.COLLECTIONS):
            for sp in self._shuffled(range(sl.start, sl.stop))[: 2 if c == 5 else 1]:
                self.put("gallery", replaced(self.gallery, sp, NEUTRAL))

    def _deal_players(self) -> None:
        """Each player's Studies, Society offer, four cards and set-up decisions (the simplified
        set-up gives money and Knowledge instead of the Society and the cards to keep), then the
        first player."""
        game = self.game
        n = game.num_players
        for p in range(n):
            studies = sorted([self.study_deck.pop(), self.study_deck.pop()])
            self.put("studies", replaced(self.studies, p, tuple(studies)))
            self.queue += [Task(actions.C_SIDE, p), Task(actions.C_EXPERTISE, p)]
            if game.simplified:
                gains = [
                    Task.knowledge(p, r, SIMPLIFIED_KNOWLEDGE) for r in range(actions.NUM_REGIONS)
                ]
                self.queue += [Task.gain(p, actions.MONEY, SIMPLIFIED_MONEY), *gains]
            else:
                offer = (self.society_deck.pop(), self.society_deck.pop())
                self.put("society_offer", replaced(self.society_offer, p, offer))
                hand = tuple(sorted(self._draw_card() for _ in range(4)))
                self.put("setup_hand", replaced(self.setup_hand, p, hand))
                self.queue += [Task(actions.C_SETUP_DISCARD, p)] * 2 + [Task(actions.C_SOCIETY, p)]
        self.first_player = self._rand(n)

    def _legal_setup_side(self):
        return options(2)

    def _legal_setup_expertise(self):
        return options(6)

    def _legal_setup_discard(self):
        hand = self.setup_hand[self.task.player]
        return [CARD0 + c for c in hand] if len(hand) > 2 else []

    def _legal_setup_society(self):
        return options(2) if self.society_offer[self.task.player] else []

    def _on_setup_side(self, a):
        self.queue.pop(0)
        self.put("side", replaced(self.side, self.task.player, a - OPTION0))

    def _on_setup_expertise(self, a):
        self.queue.pop(0)
        p, permutation = self.task.player, EXPERTISE_PERMUTATIONS[a - OPTION0]
        self.put("expertise", replaced(self.expertise, p, permutation))

    def _on_setup_discard(self, a):
        self.queue.pop(0)
        p, card = self.task.player, a - CARD0
        kept = removed(self.setup_hand[p], card)
        self.put("exp_discard", self.exp_discard + (card,))
        if len(kept) == 2:
            self.put("hand", replaced(self.hand, p, kept))
            kept = ()
        self.put("setup_hand", replaced(self.setup_hand, p, kept))

    def _society_tasks(self, p: int, society: int) -> list[Task]:
        tasks = []
        for step in self.game.rb.societies[society]["setup"]:
            if "knowledge" in step:
                tasks.append(Task.knowledge(p, REGIONS.index(step["region"]), step["knowledge"]))
            elif "knowledge_choice" in step:
                other = actions.KNOW_OTHER if step.get("other") else 0
                tasks.append(Task.knowledge_choice(p, step["knowledge_choice"], other))
            elif "random_relics" in step:
                region = step["region"]
                r = actions.CHOSEN_REGION if region == "chosen" else REGIONS.index(region)
                tasks.append(Task.random_relics(p, r, step["random_relics"]))
            elif "random_relics_each_region" in step:
                tasks.append(Task.random_relics(p, actions.EACH_REGION, 1))
            elif step.keys() & {"expertise", *actions.REWARD_STATS}:  # as a reward gives them
                tasks += self._reward_tasks(p, step.items())
            elif "meet_patron" in step:
                tasks.append(Task.draw_patrons(p, step["meet_patron"]))
            elif "chosen_relic_from_chosen" in step:
                tasks.append(Task.relic_choice(p, actions.CHOSEN_REGIONS))
            elif "bloomsbury_box" in step:
                tasks.append(Task.bloomsbury(p, 0, from_box=1))
        tasks.append(Task.keep_society(p, society))
        return tasks

    def _on_setup_society(self, a):
        self.queue.pop(0)
        p = self.task.player
        offer = self.society_offer[p]
        self.society_rejected = replaced(self.society_rejected, p, offer[1 - (a - OPTION0)])
        self.chosen_regions = []
        tasks = self._society_tasks(p, offer[a - OPTION0])
        if any(task.kind == C_BLOOM for task in tasks):  # it looks through the 10 stack's box
            seen = self.bloom_seen[p] | sum(1 << x for x in self.bloom_box[0])
            self.put("bloom_seen", replaced(self.bloom_seen, p, seen))
        self._push(*tasks)
