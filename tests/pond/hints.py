"""What a sensible pond player values: feed first, hunt when it pays, keep animals it can feed."""
from __future__ import annotations

from evolab.actions import Attack, Pass, PlayAnimal, PlayTrait, TakeFood
from evolab.rules.hints import BotHints


class PondHints(BotHints):
    greedy_values = {
        TakeFood: lambda view, a: 2.0,
        Attack: lambda view, a: 2.5,
        PlayAnimal: lambda view, a: 1.0,
        PlayTrait: lambda view, a: 0.8,
        Pass: lambda view, a: 0.0,
    }
