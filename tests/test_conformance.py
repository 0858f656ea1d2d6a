"""The conformance suite of ``evolab.testing`` over every registered edition and the test-only edition Pond
(``tests/pond``), which is registered here and nowhere else."""
from __future__ import annotations

from evolab.testing import ConformanceSuite
from pond import EDITION as POND


class TestConformance(ConformanceSuite):
    extra_editions = (POND,)
