"""A feeding plan, the way a sensible player makes one: how much food can I expect this round, and which of
my hungry animals can I finish with it?

Shared by the greedy bots of every edition. Finishing the cheapest animals first feeds the most of them
with a given amount of food; food spread over many animals may finish none.
"""
from __future__ import annotations


def expected_share(bank: int, rival_demands, me_first: bool, my_demand: int = 1 << 30) -> int:
    """Tokens I can expect from a shared pile of ``bank`` when everyone takes one per move in turn.

    ``rival_demands`` lists what each rival still wants, in the order they move after me; a rival stops
    taking when his demand is met. ``me_first``: I take before the rivals in the first round.
    """
    if bank <= 0:
        return 0
    demands = [d for d in rival_demands if d > 0]
    if not demands:
        return min(bank, my_demand)
    mine = 0
    while mine < my_demand:       # my next take comes after this many rounds of the rivals' takes
        rounds = mine if me_first else mine + 1
        if mine + sum(d if d < rounds else rounds for d in demands) >= bank:
            break
        mine += 1
    return mine


def completion_plan(costs, budget: float):
    """The animals to finish: cheapest first while the ``budget`` lasts (``costs``: (cost, tie-breaks...,
    id) tuples).

    Returns (planned ids, the budget left over). An animal whose cost is 0 feeds itself (its own fat, a
    sure hunt) and is always planned.
    """
    planned = set()
    left = budget
    for c in sorted(costs):
        if c[0] > left:
            break
        planned.add(c[-1])
        left -= c[0]
    return planned, left
