"""An edition's document merged over its parent's, before schema validation.

The rules, in full in docs/content-format.md ("Editions that extend another"):
- objects merge key by key; a key set to null removes the parent's value; `"$replace":
  ["key", ...]` makes the child's value of those keys replace the parent's whole;
- lists whose entries have an identity (`id`, an unordered pair in `between` or as the
  entry itself, or `territory`) merge entry by entry: an entry whose identity the parent
  has overrides it (merged like an object), `"$patch": "add"` adds a new entry,
  `"$patch": "remove"` removes the parent's, `"$patch": "replace"` replaces it whole; a
  plain pair in a list of pairs (borders) adds it;
- every other value of the child replaces the parent's.
Every value keeps where it came from, so problems name the parent's file for inherited
values and the child's for overrides.
"""

from __future__ import annotations

from typing import Any

from stamperia.content.editions.trace import MergedLocator
from stamperia.content.errors import ContentError, Locator, pointer_escape
from stamperia.content.findings import BAD_PATCH
from stamperia.content.references import did_you_mean
from stamperia.content.validation.document import Document

PATCH_OPS = ("add", "remove", "replace")
Key = tuple[str, str]


def merge_documents(base: Document, over: Document, problems: list[ContentError]) -> Document:
    """`over` (the child's file) merged over `base` (the parent's resolved document)."""
    merger = _Merger(base.locator, over.locator, problems)
    data = merger.value(base.data, "", over.data, "", "")
    return Document(over.path, over.name, data, MergedLocator(merger.entries),
                    tuple(dict.fromkeys((*base.files, *over.files))))


def _is_pair(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, str) for v in value))


def entry_key(item: Any) -> Key | None:
    """The identity of a list entry, or None when it has none."""
    if _is_pair(item):
        return ("pair", "-".join(sorted(item)))
    if not isinstance(item, dict):
        return None
    if isinstance(item.get("id"), str):
        return ("id", item["id"])
    if _is_pair(item.get("between")):
        return ("pair", "-".join(sorted(item["between"])))
    if isinstance(item.get("territory"), str):
        return ("territory", item["territory"])
    return None


def _key_kind(items: list[Any]) -> str | None:
    """How a list's entries are identified, when all of them are, the same way."""
    kinds = {key[0] if (key := entry_key(item)) else None for item in items}
    return kinds.pop() if len(kinds) == 1 else None


def _without_patch(item: Any) -> Any:
    return {k: v for k, v in item.items() if k != "$patch"} if isinstance(item, dict) else item


class _Merger:
    """One merge: the merged data and, for each changed subtree, where it came from."""

    def __init__(self, base: Locator, over: Locator, problems: list[ContentError]) -> None:
        self.base = base
        self.over = over
        self.problems = problems
        self.entries: dict[str, tuple[Locator, str]] = {}

    def error(self, at: str, message: str, hint: str) -> None:
        file, pointer, line = self.over.locate(at)
        self.problems.append(ContentError(file, line, pointer, message, hint,
                                          code=BAD_PATCH.code))

    def value(self, base: Any, base_at: str, over: Any, over_at: str, out: str) -> Any:
        if isinstance(base, dict) and isinstance(over, dict):
            return self.obj(base, base_at, over, over_at, out)
        if isinstance(base, list) and isinstance(over, list):
            kind = _key_kind(base) if base else _key_kind(
                [i for i in over if not (isinstance(i, dict) and "$patch" in i)] or over)
            if kind is not None:
                return self.keyed_list(base, base_at, over, over_at, out, kind)
        self.entries[out] = (self.over, over_at)
        return over

    def _replaced_keys(self, base: dict[str, Any], over: dict[str, Any], over_at: str
                       ) -> set[str]:
        keys = over.get("$replace", [])
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            self.error(over_at + "/$replace", "\"$replace\" must be a list of property names",
                       "name the properties whose value replaces the parent's whole")
            return set()
        for i, key in enumerate(keys):
            if key not in base:
                self.error(f"{over_at}/$replace/{i}",
                           f"\"$replace\" names {key!r}, which the parent edition does not have",
                           did_you_mean(key, base) or "remove it from the list")
        return set(keys)

    def obj(self, base: dict[str, Any], base_at: str, over: dict[str, Any], over_at: str,
            out: str) -> dict[str, Any]:
        self.entries[out] = (self.over, over_at)
        replaced = self._replaced_keys(base, over, over_at) if "$replace" in over else set()
        result: dict[str, Any] = {}
        for key, value in base.items():
            token = "/" + pointer_escape(key)
            if key not in over:
                result[key] = value
                self.entries[out + token] = (self.base, base_at + token)
            elif over[key] is None:
                continue
            elif key in replaced:
                result[key] = over[key]
                self.entries[out + token] = (self.over, over_at + token)
            else:
                result[key] = self.value(value, base_at + token, over[key], over_at + token,
                                         out + token)
        for key, value in over.items():
            if key in base or key == "$replace":
                continue
            token = "/" + pointer_escape(key)
            if value is None:
                self.error(over_at + token,
                           f"null removes the parent's {key!r}, but the parent has none",
                           did_you_mean(key, base) or "remove the line")
                continue
            result[key] = value
            self.entries[out + token] = (self.over, over_at + token)
        return result

    def keyed_list(self, base: list[Any], base_at: str, over: list[Any], over_at: str,
                   out: str, kind: str) -> list[Any]:
        self.entries[out] = (self.over, over_at)
        name = base_at.rsplit("/", 1)[-1] or "the list"
        index: dict[Key, int] = {}
        for i, item in enumerate(base):
            key = entry_key(item)
            if key is not None:
                index.setdefault(key, i)
        plan: dict[int, tuple[str | None, int, Any]] = {}
        added: list[tuple[int, Any]] = []
        for j, item in enumerate(over):
            at = f"{over_at}/{j}"
            key = entry_key(item)
            op = item.get("$patch") if isinstance(item, dict) else None
            if key is None or key[0] != kind:
                self.error(at, f"this entry of {name} has no {_identity(kind)}",
                           f"entries of {name} are matched with the parent's by "
                           f"{_identity(kind)}")
                continue
            if op is not None and op not in PATCH_OPS:
                self.error(at + "/$patch", f"unknown \"$patch\" {op!r}",
                           did_you_mean(str(op), PATCH_OPS) or f"use one of {', '.join(PATCH_OPS)}")
                continue
            if op == "add" or (op is None and not isinstance(item, dict)):
                if key in index:
                    self.error(at, f"{key[1]!r} is already in the parent's {name}",
                               "to change it, leave out \"$patch\": \"add\"")
                    continue
                added.append((j, item))
                continue
            if key not in index:
                verb = {"remove": "remove", "replace": "replace"}.get(str(op), "override")
                self.error(at, f"the parent's {name} have no {key[1]!r} to {verb}",
                           did_you_mean(key[1], (k[1] for k in index))
                           or "to add a new entry, give it \"$patch\": \"add\"")
                continue
            if index[key] in plan:
                self.error(at, f"{key[1]!r} is changed twice in {name}", "merge the two entries")
                continue
            plan[index[key]] = (op, j, item)
        result: list[Any] = []
        for i, item in enumerate(base):
            position = f"{out}/{len(result)}"
            if i not in plan:
                result.append(item)
                self.entries[position] = (self.base, f"{base_at}/{i}")
                continue
            op, j, patch = plan[i]
            if op == "remove":
                continue
            if op == "replace":
                result.append(_without_patch(patch))
                self.entries[position] = (self.over, f"{over_at}/{j}")
            else:
                result.append(self.value(item, f"{base_at}/{i}", _without_patch(patch),
                                         f"{over_at}/{j}", position))
        for j, item in added:
            self.entries[f"{out}/{len(result)}"] = (self.over, f"{over_at}/{j}")
            result.append(_without_patch(item))
        return result


def _identity(kind: str) -> str:
    return {"id": "\"id\"", "pair": "pair of ids", "territory": "\"territory\""}[kind]
