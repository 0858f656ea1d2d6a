"""*Pond*: a tiny edition that exists only for the tests. It proves that a new edition is one package plus one
registry line (``register_edition(EDITION)``): the board, the narrator, the tracker, the bots, ``run_batch`` and
``evolab.testing``'s conformance suite accept it without any change to their code."""
from __future__ import annotations

from evolab.rules import Edition

EDITION = Edition("pond", "Pond: a tiny test-only edition (three traits, three turns)",
                  ruleset="pond.rules:PondRuleset", bot_hints="pond.hints:PondHints")
