"""Plain option values without pydantic: start-up time.

typer (0.2x) turns every option value into its Python type through a pydantic TypeAdapter, and
importing pydantic costs more than the rest of a 4x4 ``ascent solve``. Every option of ascent is a
plain text, number, path or list of texts, so values of those kinds are checked here, with the
messages pydantic gives; any other kind goes to typer as before. If typer's internals move (the
hook below is private), this does nothing and typer does all the work, just slower.
"""

from __future__ import annotations

import math
import types
import typing
from pathlib import Path
from typing import Any

PLAIN = (str, int, float, Path, bool)


def _unwrap(annotation):
    """(base type, is a list) for X, Optional[X], List[X], Optional[List[X]]; (None, False) otherwise."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) != 1:
            return None, False
        return _unwrap(args[0])
    if origin in (list, typing.List):
        args = typing.get_args(annotation)
        if len(args) == 1 and args[0] in PLAIN:
            return args[0], True
        return None, False
    return (annotation, False) if annotation in PLAIN else (None, False)


def install() -> None:
    try:
        import typer.core as core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:
        return
    original = getattr(core, "build_runtime_param", None)
    if original is None or getattr(original, "_ascent", False):
        return

    class PlainParam(RuntimeParam):
        def _coerce_value(self, value: Any, param, ctx) -> Any:
            base, many = _unwrap(self.annotation)
            if many:
                return [self.one(base, v, param, ctx) for v in value]
            return self.one(base, value, param, ctx)

        def one(self, base, value, param, ctx):
            info = self.parameter_info
            parser = getattr(info, "parser", None)
            if parser is not None:  # the option's own parser reads it, and names what is wrong
                return parser(value)
            if base is str:
                return str(value)
            if base is Path:
                return value if isinstance(value, Path) else Path(value)
            if base is bool:
                if isinstance(value, bool):
                    return value
                raise BadParameter(f"{value!r} is not yes or no", ctx=ctx, param=param)
            if isinstance(value, str):
                text = value.strip()
                try:
                    if not text.isascii():
                        raise ValueError
                    value = int(text) if base is int else float(text)
                except ValueError:
                    what = "a whole number such as 3" if base is int else "a number such as 2.5"
                    raise BadParameter(f"{text!r} is not {what}", ctx=ctx, param=param) from None
            if base is float and not math.isfinite(value):
                raise BadParameter(f"{value} is not a finite number", ctx=ctx, param=param)
            unit = " seconds" if getattr(param, "metavar", None) == "SECONDS" or info.metavar == "SECONDS" else ""
            if info.min is not None and value < info.min:
                raise BadParameter(f"{value:g}{unit} is too {'short' if unit else 'small'}: give at least "
                                   f"{info.min:g}{unit}", ctx=ctx, param=param)
            if info.max is not None and value > info.max:
                raise BadParameter(f"{value:g}{unit} is too {'long' if unit else 'large'}: give at most "
                                   f"{info.max:g}{unit}", ctx=ctx, param=param)
            return base(value)

    def build(descriptor):
        info = descriptor.parameter_info
        base, _ = _unwrap(descriptor.annotation)
        plain = (base is not None and descriptor.file_annotation is None
                 and not getattr(info, "clamp", False) and getattr(info, "click_type", None) is None)
        if plain and getattr(info, "parser", None) is None:
            try:
                plain = descriptor.choices is None
            except Exception:
                plain = False
        if plain:
            return PlainParam(annotation=descriptor.annotation, parameter_info=info)
        return original(descriptor)

    build._ascent = True
    core.build_runtime_param = build
