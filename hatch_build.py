"""The package build's hook: compiles the message catalogues (``evolab/locale/<lang>/LC_MESSAGES/evolab.po``)
to ``.mo`` files with Babel and ships them in the wheel, the editable install and the browser version's wheel.
The ``.mo`` files are build output (not kept in git); at run time evolab reads them with ``gettext`` alone."""
from __future__ import annotations

import importlib.util
import pathlib

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        if self.target_name != "wheel":          # an sdist ships the .po files; its wheel compiles them
            return
        root = pathlib.Path(self.root)
        spec = importlib.util.spec_from_file_location("_evolab_i18n_tool", root / "tools" / "i18n.py")
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
        try:
            compiled = tool.compile_catalogues(root / "evolab" / "locale")
        except ImportError as e:                # no Babel where the wheel is built: say so, ship nothing half-done
            raise RuntimeError("building evolab needs Babel to compile its message catalogues "
                               "(pip install babel, or build with pip/uv, which install it): " + str(e)) from e
        build_data.setdefault("artifacts", []).extend(p.relative_to(root).as_posix() for p in compiled)
