"""Charts and graphs for a biology class (matplotlib, networkx; imported only inside the functions).

Every chart takes tracked rows (a list of dicts, a DataFrame, a ``Table`` or a CSV path from
``evolab simulate``) and ``ax=None``, and returns the Axes. ``describe(ax)`` (or ``ax.evolab_description``)
is a plain-language caption computed from the same data, for alt text and for students to check.
"""
from .plots import (figure_png, deaths_by_cause, describe, draw_descent_tree, draw_food_web, extinction_timeline,
                    final_shares, population, predator_prey, report, sweep, trait_area, trait_frequencies)
from .heredity import generation_frequency, selection_bars


def __getattr__(name):
    """The widgets load ipywidgets only when asked for."""
    if name == "GameBoard":
        from .board import GameBoard
        return GameBoard
    if name == "Lab":
        from .lab import Lab
        return Lab
    if name == "Prediction":
        from .predict import Prediction
        return Prediction
    raise AttributeError(name)


__all__ = ["GameBoard", "Lab", "Prediction", "figure_png", "trait_frequencies", "trait_area", "population",
           "predator_prey", "deaths_by_cause",
           "extinction_timeline", "sweep", "final_shares", "draw_food_web", "draw_descent_tree", "describe", "report",
           "generation_frequency", "selection_bars"]
