"""Sphinx configuration of digsite's documentation site (``make docs``, into docs/_build/html).

The home page is the README and the changelog CHANGELOG.md (included, not copied); the guide,
results and design pages are Markdown in docs/; one page per game is generated from its package
docstring, and the API reference from the docstrings.
Docstrings are reStructuredText, which Sphinx reads natively; Markdown goes through MyST.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # document this checkout, whatever is installed

import digsite  # noqa: E402
from digsite.games import BUILTIN  # noqa: E402

project = "digsite"
author = "The digsite developers"
copyright = author
release = version = digsite.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.autosummary", "sphinx.ext.viewcode"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
templates_path = ["_templates"]
html_theme = "furo"
html_title = f"digsite {release}"
myst_heading_anchors = 3

autosummary_generate = True  # the API pages, into docs/api/ (generated, not kept in git)
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    # each object once, where it is defined (core and agents re-export names in __all__)
    "ignore-module-all": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# Our envs' methods without a docstring would otherwise show Gymnasium's or PettingZoo's.
autodoc_inherit_docstrings = False
# digsite.openspiel builds on OpenSpiel, which the docs need not install.
autodoc_mock_imports = ["pyspiel"]


def game_pages(folder: Path = HERE / "games") -> None:
    """Write one page per game of digsite's own, its picture above its package docstring (the
    game's documentation), so a new game gets its page without editing the docs (an installed
    plugin documents itself)."""
    folder.mkdir(exist_ok=True)
    pages = {}
    for entry in BUILTIN:
        pages[f"{entry.name}.rst"] = (
            f"{entry.title}\n{'=' * len(entry.title)}\n\n"
            f".. image:: ../pictures/{entry.name}.png\n"
            f"   :alt: {entry.title}, the spectator's picture of a game under way\n\n"
            f".. automodule:: digsite.games.{entry.name}\n"
            "   :no-members:\n"
        )
    for stale in set(p.name for p in folder.glob("*.rst")) - set(pages):
        (folder / stale).unlink()
    for name, text in pages.items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")  # untouched pages are not rebuilt


game_pages()
