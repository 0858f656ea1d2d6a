"""Cards: a card kind is an id plus the one or two traits printed on it.

Decks are counted multisets of card kinds (iterated in a fixed, sorted order), so a draw is a chance
outcome "which kind", weighted by how many copies remain.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Card:
    """A card kind. ``traits`` holds one trait id, or two for a two-sided card (one side is chosen)."""

    id: str
    traits: tuple

    @property
    def two_sided(self) -> bool:
        return len(self.traits) == 2


def card_id(traits) -> str:
    """The id of a card from its printed traits: ``"camouflage/fat_tissue"``."""
    return "/".join(traits)
