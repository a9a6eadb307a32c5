# The part of `pyodide.ffi` the app uses, for mypy, with Pyodide's own signatures (from
# `_pyodide/_core_docs.py` in node_modules/pyodide/python_stdlib.zip), trimmed.
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

_P = ParamSpec("_P")
_T = TypeVar("_T")

class JsProxy:
    def __getattr__(self, name: str) -> Any: ...

class JsDoubleProxy(JsProxy, Generic[_T]):
    def destroy(self) -> None: ...
    def unwrap(self) -> _T: ...

class JsCallableDoubleProxy(JsDoubleProxy[Callable[_P, _T]], Generic[_P, _T]):
    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _T: ...

class JsOnceCallable(JsProxy, Generic[_P, _T]):
    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _T: ...
    def destroy(self) -> None: ...

def create_proxy(
    obj: Callable[_P, _T], /, *, capture_this: bool = False, roundtrip: bool = True
) -> JsCallableDoubleProxy[_P, _T]: ...
def create_once_callable(
    obj: Callable[_P, _T], /, *, _may_syncify: bool = False
) -> JsOnceCallable[_P, _T]: ...
def to_js(
    obj: Any,
    /,
    *,
    depth: int = -1,
    pyproxies: JsProxy | None = None,
    create_pyproxies: bool = True,
    dict_converter: Callable[..., Any] | None = None,
    default_converter: Callable[..., Any] | None = None,
) -> Any: ...
