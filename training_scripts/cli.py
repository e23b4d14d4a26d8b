"""Command-line pieces shared by the training scripts."""

from __future__ import annotations

import argparse
import importlib.util
import json
from typing import Any


def env_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` with the value read as JSON when it parses (``quest=3``, ``expert=true``)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def missing(*modules: str) -> list[str]:
    """The optional packages among ``modules`` that are not installed."""
    return [name for name in modules if importlib.util.find_spec(name) is None]
