"""``scenario(ruleset_id, spec)``: set up a table position from a JSON-able dict ("what happens if...")."""
from __future__ import annotations

from .rules import ruleset_class


def scenario(ruleset_id: str, spec: dict):
    """Build a position to play on or test. For ``"origin"`` the spec is a dict with (all optional):

    - ``players`` (2-8) and ``options`` (ruleset options, as for ``load_ruleset``);
    - ``phase``: ``"feeding"`` (default) or ``"development"``; ``turn`` (1), ``first`` (0),
      ``current`` (the seat to move, default ``first``), ``last_turn`` (false);
    - ``food_bank``: red tokens in the food bank (feeding only); ``move_main``: the mover has already
      taken his main action this move; ``passed``: per seat, already passed (development only);
    - ``hands``: one list of card ids per seat, e.g. ``["swimming", "hibernation/carnivorous"]``;
    - ``animals``: a list of dicts ``{"id": 1, "owner": 0, "traits": ["carnivorous", "fat_tissue"],
      "food": 1, "fat": 0}``, with optional ``red``/``blue`` instead of ``food``, and flags
      ``hibernating``, ``hibernated_turn``, ``attacked``, ``pirated``, ``poisoned``, ``grazed``.
      Ids default to 1, 2, 3... in list order. A trait may name its card: ``"carnivorous:poisonous/carnivorous"``;
      otherwise a card with that trait is taken from the deck (single-sided cards first);
    - ``links``: pair traits, ``{"trait": "cooperation", "animals": [1, 2]}`` or
      ``{"trait": "symbiosis", "protector": 1, "protected": 2}``;
    - ``discards``: number of cards in each seat's discard pile;
    - ``deck``: ``null`` (every card not used above), a number of cards, or ``{card id: count}``;
      cards used nowhere are out of the game.

    In the Heredity variant (``options: {"heredity": True, ...}``, evolab's classroom rules) traits on
    animals are copies, not cards: animals use no card, ``hands`` must be empty, ``deck`` is left out
    (the mutation deck is every card not in ``discards``), positions start at feeding, ``turn`` is the
    generation, and an animal may name its ``parent`` and the generation it was ``born``.

    Example::

        s = scenario("origin", {"food_bank": 0, "animals": [
            {"owner": 0, "traits": ["carnivorous"]},
            {"owner": 1, "traits": ["swimming"]}]})
        check(s, Attack(predator=1, prey=2)).rule   # 'origin.swimming'

    ``"random_mutations"`` and ``"northstar"`` take their own keys (see ``help`` of
    ``evolab.rules.random_mutations.scenario`` and ``evolab.rules.northstar.scenario``).

    Raises ``ScenarioError`` naming the first thing that cannot be on a real table: its ``field`` is the key
    (``animals[0].food``) and its message the rule (a value of the wrong type or out of range, a single
    trait twice on one animal, Carnivorous with Scavenger, food above need or fat above Fat Tissue, more
    animals or cards than the deck holds). The whole description is read before anything is built.
    """
    return ruleset_class(ruleset_id).scenario(spec)
