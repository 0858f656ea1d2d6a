"""A red property test can be replayed: the failing example's blob is printed, and the ``ci`` profile (which
``.ci/run`` selects) draws the same examples on every run."""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

from hypothesis import settings

HERE = pathlib.Path(__file__).parent

PROPERTY_TESTS = '''
import pathlib
from hypothesis import HealthCheck, given, settings, strategies as st

SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)   # as the suite's


@settings(SLOW, max_examples=20)
@given(st.integers(0, 10**9))
def test_records_what_it_draws(n):
    with open(pathlib.Path(__file__).parent / "drawn.txt", "a") as f:
        f.write(f"{n}\\n")


@settings(SLOW, max_examples=50)
@given(st.lists(st.integers(0, 100), max_size=8))
def test_fails(xs):
    assert sum(xs) < 150
'''


def _run_property_tests(tmp_path, profile):
    """Run the two tests above in a fresh pytest with the suite's conftest; (output, examples drawn)."""
    shutil.copy(HERE / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_props.py").write_text(PROPERTY_TESTS)
    drawn = tmp_path / "drawn.txt"
    drawn.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(EVOLAB_HYPOTHESIS_PROFILE=profile, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")   # no browser/nbval plugins
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_props.py"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert "1 failed, 1 passed" in p.stdout, p.stdout[-2000:]
    return p.stdout, drawn.read_text().split()


def test_settings_made_by_the_test_modules_print_the_blob():
    """The profile is loaded by conftest before the test modules build their ``settings``."""
    assert settings(deadline=None).print_blob is True
    assert settings.get_profile("ci").derandomize is True and settings.get_profile("ci").print_blob is True


def test_ci_profile_draws_the_same_examples_every_run_and_prints_the_blob(tmp_path):
    """Two runs under ``EVOLAB_HYPOTHESIS_PROFILE=ci`` draw identical examples; a failure prints the
    ``@reproduce_failure`` blob; a ``dev`` run draws other examples but prints the blob too."""
    out1, drawn1 = _run_property_tests(tmp_path, "ci")
    out2, drawn2 = _run_property_tests(tmp_path, "ci")
    assert len(drawn1) >= 20 and drawn1 == drawn2
    for out in (out1, out2):
        assert re.search(r"@reproduce_failure\('[\d.]+', b'[^']+'\)", out), out[-2000:]
    out3, drawn3 = _run_property_tests(tmp_path, "dev")
    assert "@reproduce_failure(" in out3 and drawn3 != drawn1
