"""evolab: play and experiment with the card game *Evolution* in Jupyter, to learn natural selection.

Importing evolab loads the standard library only; charts, widgets and tables import their libraries
when used. The engine's names load on first use (PEP 562), so ``import evolab`` itself is quick: the
classes of every action and event are built when a game first needs them.
"""
from importlib import import_module

from .errors import (EvolabError, IllegalActionError, OptionError, SaveFileError, ScenarioError,
                     UnknownRuleset)
from .rules import available_rulesets, load_ruleset
from .scenario import scenario        # eager: the submodule of the same name must not shadow the function

__version__ = "0.1.0"

#: public name -> the submodule that defines it, imported on first use
_LAZY = {
    **dict.fromkeys(("apply", "chance_outcomes", "check", "is_over", "legal_actions", "new_game", "scores",
                     "to_move", "winner", "winners"), "engine"),
    **dict.fromkeys(("Observation", "observe"), "view"),
    **dict.fromkeys(("GameRecord", "load_state", "save_state"), "record"),
    **dict.fromkeys(("HumanTurn", "Match"), "match"),
    **dict.fromkeys(("Tracker", "track_record"), "tracking"),
    **dict.fromkeys(("BatchResult", "crash", "decline", "run_batch", "steady"), "experiments"),
    **dict.fromkeys(("TournamentResult", "tournament"), "tournaments"),
    **dict.fromkeys(("CHANCE", "TERMINAL", "Attack", "BurnFat", "Draw", "DropTail", "EndMove", "FirstPlayer",
                     "Graze", "Hibernate", "Mimic", "NoDefence", "Pass", "PlayAnimal", "PlayPairTrait",
                     "PlayTrait", "Pirate", "Resolve", "RollDie", "RollFood", "Run", "Scavenge", "TakeFood",
                     "TieBreak", "move_from_dict"), "actions"),
}


def __getattr__(name):
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(import_module(f".{module}", __name__), name)
    elif not name.startswith("__"):
        try:                                   # a submodule: evolab.bots, evolab.tracking, ...
            value = import_module(f".{name}", __name__)
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | {"bots"})


__all__ = [
    "CHANCE", "TERMINAL", "EvolabError", "IllegalActionError", "OptionError", "SaveFileError",
    "ScenarioError", "UnknownRuleset", "apply", "chance_outcomes", "check", "is_over", "legal_actions",
    "new_game", "scores", "to_move", "winner", "winners", "available_rulesets", "load_ruleset", "scenario",
    "Observation", "observe", "GameRecord", "load_state", "save_state", "HumanTurn", "Match", "bots",
    "Attack", "BurnFat", "Draw", "DropTail", "EndMove", "FirstPlayer", "Graze", "Hibernate", "Mimic",
    "NoDefence", "Pass", "PlayAnimal", "PlayPairTrait", "PlayTrait", "Pirate", "Resolve", "RollDie",
    "RollFood", "Run", "Scavenge", "TakeFood", "TieBreak", "move_from_dict", "Tracker", "track_record",
    "BatchResult", "run_batch", "steady", "decline", "crash", "tournament", "TournamentResult",
]
