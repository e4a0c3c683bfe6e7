"""A scenario's rubric as the judges and the validator of their answers see it.

The rubric is loaded once, checked, and passed on as canonical JSON
(`rubric.json` beside each package), so a judge backend, the answer
validator and the record step all work from the same criteria, weights
and anchors, and none of them re-reads the scenario folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from whitecollar.atomic import dumps_json

SCALE = (0, 1, 2, 3, 4)


class RubricError(ValueError):
    """A rubric file that judges could not use; the message names the file and the fix."""


@dataclass(frozen=True)
class Criterion:
    id: str
    weight: float
    description: str
    anchors: dict[int, str]


@dataclass(frozen=True)
class Rubric:
    scale: str
    criteria: tuple[Criterion, ...]

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.criteria]

    @property
    def weights(self) -> dict[str, float]:
        return {c.id: c.weight for c in self.criteria}

    def weighted_score(self, scores: dict[str, int]) -> float:
        """Weighted mean of score/4, on the receipt's 0..1 scale so the two can be compared."""
        total = sum(c.weight for c in self.criteria)
        return round(sum(c.weight * scores[c.id] / 4 for c in self.criteria) / total, 6)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scale": self.scale,
            "criteria": [
                {
                    "id": c.id,
                    "weight": c.weight,
                    "description": c.description,
                    "anchors": {str(k): v for k, v in sorted(c.anchors.items())},
                }
                for c in self.criteria
            ],
        }

    def to_json(self) -> str:
        return dumps_json(self.to_dict())


def _criterion(raw: Any, where: str) -> Criterion:
    if not isinstance(raw, dict):
        raise RubricError(f"{where}: each criterion must be a mapping with id, weight, description, anchors")
    cid, weight = raw.get("id"), raw.get("weight")
    if not isinstance(cid, str) or not cid.strip():
        raise RubricError(f"{where}: a criterion has no id")
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
        raise RubricError(f"{where}: criterion {cid} needs a positive weight")
    description = str(raw.get("description") or "").strip()
    if not description:
        raise RubricError(f"{where}: criterion {cid} needs a description")
    anchors_raw = raw.get("anchors") or {}
    try:
        anchors = {int(k): str(v).strip() for k, v in anchors_raw.items()}
    except (AttributeError, TypeError, ValueError):
        raise RubricError(f"{where}: criterion {cid} needs anchors 0..4") from None
    if sorted(anchors) != list(SCALE) or not all(anchors.values()):
        raise RubricError(f"{where}: criterion {cid} needs anchors 0..4, each described")
    return Criterion(cid, float(weight), description, anchors)


def from_dict(data: Any, where: str = "rubric") -> Rubric:
    if not isinstance(data, dict) or not isinstance(data.get("criteria"), list) or not data["criteria"]:
        raise RubricError(f"{where}: needs a non-empty list of criteria")
    criteria = tuple(_criterion(c, where) for c in data["criteria"])
    ids = [c.id for c in criteria]
    if len(set(ids)) != len(ids):
        repeated = sorted(i for i in set(ids) if ids.count(i) > 1)
        raise RubricError(f"{where}: criterion ids repeat ({', '.join(repeated)})")
    return Rubric(str(data.get("scale") or "0 = absent or wrong, 4 = excellent"), criteria)


def load_rubric(path: str | Path) -> Rubric:
    """A rubric from the scenario's rubric.yaml or from a package's rubric.json."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except FileNotFoundError:
        raise RubricError(f"{path}: not found") from None
    except (OSError, ValueError, yaml.YAMLError) as exc:
        raise RubricError(f"{path}: unreadable ({type(exc).__name__}); fix the file") from None
    return from_dict(data, str(path))
