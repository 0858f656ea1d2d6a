"""evolab: play and experiment with the card game *Evolution* in Jupyter, to learn natural selection.

Importing evolab loads the standard library only; charts, widgets and tables import their libraries
when used.
"""
from .actions import CHANCE, TERMINAL
from .errors import (EvolabError, IllegalActionError, OptionError, SaveFileError, ScenarioError,
                     UnknownRuleset)
from .engine import (apply, chance_outcomes, check, is_over, legal_actions, new_game, scores, to_move,
                     winner, winners)
from .rules import available_rulesets, load_ruleset
from .scenario import scenario
from .view import Observation, observe
from .record import GameRecord, load_state, save_state
from .match import HumanTurn, Match
from . import bots
from .tracking import Tracker, track_record
from .experiments import BatchResult, crash, decline, run_batch, steady
from .tournaments import TournamentResult, tournament
from .actions import (Attack, BurnFat, Draw, DropTail, EndMove, FirstPlayer, Graze, Hibernate, Mimic,
                      NoDefence, Pass, PlayAnimal, PlayPairTrait, PlayTrait, Pirate, Resolve, RollDie,
                      RollFood, Run, Scavenge, TakeFood, TieBreak, move_from_dict)

__version__ = "0.1.0"

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
