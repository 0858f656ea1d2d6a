"""The Heredity variant: evolab's own classroom rules on *The Origin of Species*, and its presets.

**Not the printed game.** In the printed *Origin of Species* a new animal carries no traits and every trait is
a card a player chooses, so it shows survival and competition but not inheritance, and its "mutations" are
choices. The variant (``shared/rules/heredity.md``) keeps the edition's food, feeding, attacks, defences and
extinction, and replaces development by reproduction: every fed animal has young that copy its traits, each
with a chance of one blind mutation drawn from the deck. Each turn is a generation, so a helpful, inherited
trait can be watched spreading, which is what natural selection needs (variation by chance, inheritance,
differential survival and reproduction).

    from evolab import heredity, run_batch
    rules = heredity.load("predation")                          # = load_ruleset("origin", **preset("predation"))
    result = run_batch("origin", grid={"banned_traits": [[], ["carnivorous"]]}, reps=60,
                       **heredity.preset("predation"))

A preset is a dict of ruleset options (``heredity=True`` included), so it goes wherever options go:
``load_ruleset``, ``run_batch``, ``Match``, the command line (``evolab simulate --preset predation``).
Defaults are the same in every preset (2 players, 8 founders per player, food x3, ``mutation_rate`` 0.05, 20
generations, room for 30 animals per player); each changes only what its question needs, and no preset has
a special rule for the trait it shows. Report the bots with every result (the variant's bots only feed and
hunt; in the variant the greedy bot values no animal for its traits).
"""
from __future__ import annotations

from .errors import OptionError
from .i18n import _
from .rules import ruleset_class
from .rules.heredity import Preset

#: The edition whose presets this module offers (the variant's home: the printed game it modifies).
EDITION = "origin"


def presets(edition: str = EDITION) -> dict:
    """{name: Preset} of an edition's presets (the Origin of Species' by default)."""
    return ruleset_class(edition).heredity_presets


def preset(name: str, edition: str = EDITION, **overrides) -> dict:
    """The options of a preset (a new dict), with ``overrides`` on top: ``preset("predation", mutation_rate=0.1)``."""
    cls = ruleset_class(edition)
    found = cls.heredity_presets
    if name not in found:
        raise OptionError(_("unknown preset {name}; presets are {presets}").format(name=repr(name), presets=sorted(found)))
    return {**cls.heredity_base, **_copy(found[name].options), **overrides}


def load(name: str, edition: str = EDITION, **overrides):
    """The ruleset of a preset: ``load("predation")`` = ``load_ruleset("origin", **preset("predation"))``."""
    return ruleset_class(edition).load(**preset(name, edition, **overrides))


def describe(name: str | None = None, edition: str = EDITION) -> str:
    """What a preset shows (or every preset, one paragraph each), in plain words."""
    found = presets(edition)
    names = [name] if name is not None else list(found)
    out = []
    for n in names:
        if n not in found:
            raise OptionError(_("unknown preset {name}; presets are {presets}").format(name=repr(n), presets=sorted(found)))
        p = found[n]
        shows = _(p.shows)
        out.append(_("{name} (watch {trait}): {shows}").format(name=n, trait=p.trait, shows=shows) if p.trait else shows)
    return "\n\n".join(out)


def _copy(options: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in options.items()}


def __getattr__(name):
    if name == "PRESETS":              # the Origin of Species' presets (loaded with its rules, when asked for)
        return presets()
    if name == "BASE":
        return ruleset_class(EDITION).heredity_base
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# PRESETS and BASE come from the module's __getattr__ (the edition's presets, loaded when asked for).
__all__ = ["PRESETS", "Preset", "preset", "presets", "load", "describe", "BASE", "EDITION"]  # noqa: F822
