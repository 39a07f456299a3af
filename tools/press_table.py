"""Write the press profile's round-trip table (generator/draw/icc/FOGRA39L_roundtrip.bin)
that `stamperia check` reads for its gamut warning, from the shipped profile with
LittleCMS. Run it from the repository after changing the profile, the intent or the ink
rules: `python tools/press_table.py` (a test fails until it is run)."""

from __future__ import annotations

from pathlib import Path

from stamperia.generator.draw.press import Press, round_trip_table
from stamperia.generator.draw.profile import ROUNDTRIP_FILE

TARGET = Path(__file__).resolve().parent.parent / "generator" / "draw" / "icc" / ROUNDTRIP_FILE


def main() -> None:
    data = round_trip_table(Press())
    TARGET.write_bytes(data)
    print(f"wrote {TARGET} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
