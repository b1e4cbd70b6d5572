"""Extract the UI's icons from the npm package @iconify-json/game-icons into assets/ui/icons/.

Needs the network (the npm registry) and ``npm`` on PATH, so CI does not run it: the
committed SVG files are the output, this script is how to make them again.

    python tools/get_icons.py [--version 1.2.4] [--out assets/ui/icons]

Each icon is written as a standalone 512x512 SVG, filled white (``currentColor`` replaced
by ``#ffffff``) so the UI can tint it after loading it with
``pygame.image.load_sized_svg``. ATTRIBUTION.md is written beside them with the CC BY 3.0
credit the licence asks for.

The iconify package carries no per-icon author, so AUTHORS below records who drew each
icon; it was worked out from the game-icons/icons repository (one folder per author), by
matching each icon's path data where the name exists in more than one author's folder.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.cli.args import Parser, output_folder  # noqa: E402

PACKAGE = "@iconify-json/game-icons"
DEFAULT_VERSION = "1.2.4"
REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "assets" / "ui" / "icons"

# icon name wanted by the UI -> (name in the icon set, author)
# "drone" does not exist in game-icons; "delivery-drone" is the closest.
ICONS: dict[str, tuple[str, str]] = {
    "bolter-gun": ("bolter-gun", "Lorc"),
    "custodian-helmet": ("custodian-helmet", "Delapouite"),
    "alien-skull": ("alien-skull", "Lorc"),
    "jester-hat": ("jester-hat", "Delapouite"),
    "flag-objective": ("flag-objective", "Delapouite"),
    "barricade": ("barricade", "Delapouite"),
    "crossed-swords": ("crossed-swords", "Lorc"),
    "broken-shield": ("broken-shield", "Lorc"),
    "targeted": ("targeted", "Sbed"),
    "run": ("run", "Lorc"),
    "dice-six-faces-six": ("dice-six-faces-six", "Delapouite"),
    "pistol-gun": ("pistol-gun", "John Colburn"),
    "plasma-bolt": ("plasma-bolt", "Lorc"),
    "robot-golem": ("robot-golem", "Lorc"),
    "scarab-beetle": ("scarab-beetle", "Lorc"),
    "orc-head": ("orc-head", "Delapouite"),
    "drone": ("delivery-drone", "Delapouite"),
    "grenade": ("grenade", "Lorc"),
    "laser-precision": ("laser-precision", "Lorc"),
    "energy-shield": ("energy-shield", "Lorc"),
    "visored-helm": ("visored-helm", "Lorc"),
    "battle-gear": ("battle-gear", "Lorc"),
    "radar-sweep": ("radar-sweep", "Lorc"),
    "magnifying-glass": ("magnifying-glass", "Lorc"),
    "hourglass": ("hourglass", "Lorc"),
    "cancel": ("cancel", "Sbed"),
    "return-arrow": ("return-arrow", "Lorc"),
    "trophy": ("trophy", "Lorc"),
    "skull-crossed-bones": ("skull-crossed-bones", "Lorc"),
    "sword-wound": ("sword-wound", "Lorc"),
    "heart-plus": ("heart-plus", "Zeromancer"),
    "shield": ("shield", "Sbed"),
    "hand": ("hand", "Sbed"),
    "eye-target": ("eye-target", "Delapouite"),
    "podium": ("podium", "Delapouite"),
    "power-button": ("power-button", "Lord Berandas"),
    "book-cover": ("book-cover", "Lorc"),
    "cog": ("cog", "Lorc"),
    "save": ("save", "Delapouite"),
    "open-folder": ("open-folder", "Delapouite"),
    "exit-door": ("exit-door", "Delapouite"),
}

AUTHOR_URLS = {
    "Lorc": "http://lorcblog.blogspot.com",
    "Delapouite": "http://delapouite.com",
    "John Colburn": "http://ninmunanmu.com",
    "Sbed": "http://opengameart.org/content/95-game-icons",
    "Lord Berandas": "http://berandas.deviantart.com",
    "Zeromancer": "",
}


def fetch_icon_set(version: str, workdir: Path) -> tuple[dict, dict]:
    """Run ``npm pack`` for the package and return (icons.json, info.json)."""
    subprocess.run(["npm", "pack", f"{PACKAGE}@{version}", "--silent"], cwd=workdir,
                   check=True, stdout=subprocess.DEVNULL)
    (tgz,) = workdir.glob("*.tgz")
    with tarfile.open(tgz) as tar:
        tar.extractall(workdir, filter="data")
    icons = json.loads((workdir / "package" / "icons.json").read_text(encoding="utf-8"))
    info = json.loads((workdir / "package" / "info.json").read_text(encoding="utf-8"))
    return icons, info


def to_svg(body: str, width: int = 512, height: int = 512) -> str:
    body = body.replace('fill="currentColor"', 'fill="#ffffff"')
    body = body.replace("currentColor", "#ffffff")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">{body}</svg>\n')


def attribution(info: dict, version: str) -> str:
    lic = info.get("license", {})
    author = info.get("author", {})
    lines = [
        "# Icon attribution",
        "",
        "The icons in this folder come from **Game-icons.net** (https://game-icons.net),",
        f"taken from the npm package `{PACKAGE}` version {version}",
        f"(icon set \"{info.get('name', 'Game Icons')}\" by {author.get('name', 'GameIcons')},",
        f"{author.get('url', 'https://github.com/game-icons/icons')}).",
        "",
        f"They are licensed under **{lic.get('title', 'CC BY 3.0')}**:",
        "https://creativecommons.org/licenses/by/3.0/ (the set's licence file:",
        f"{lic.get('url', 'https://github.com/game-icons/icons/blob/master/license.txt')}).",
        "",
        "Icons made by Lorc, Delapouite, John Colburn, Sbed, Lord Berandas and Zeromancer,",
        "from https://game-icons.net. Changes: each icon is written as a standalone SVG with",
        "its fill set to white (#ffffff) so the game can tint it; the shapes are unchanged.",
        "",
        "## Authors",
        "",
    ]
    for name in sorted(AUTHOR_URLS):
        url = AUTHOR_URLS[name]
        lines.append(f"- {name}" + (f", {url}" if url else ""))
    lines += ["", "## Icons", "", "| file | game-icons.net name | author |", "| --- | --- | --- |"]
    for file_name, (icon, who) in sorted(ICONS.items()):
        lines.append(f"| {file_name}.svg | {icon} | {who} |")
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python tools/get_icons.py", description=__doc__.splitlines()[0])
    parser.add_argument("--version", default=DEFAULT_VERSION,
                        help=f"the icon set's version (default {DEFAULT_VERSION})")
    parser.add_argument("--out", type=output_folder, default=DEFAULT_OUT, metavar="FOLDER",
                        help="where to write (default: the checkout's assets/ui/icons)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        icons, info = fetch_icon_set(args.version, Path(tmp))
    width, height = icons.get("width", 512), icons.get("height", 512)
    args.out.mkdir(parents=True, exist_ok=True)
    missing = []
    for file_name, (icon, _author) in ICONS.items():
        data = icons["icons"].get(icon)
        if data is None:
            missing.append(icon)
            continue
        svg = to_svg(data["body"], data.get("width", width), data.get("height", height))
        (args.out / f"{file_name}.svg").write_text(svg, encoding="utf-8")
    (args.out / "ATTRIBUTION.md").write_text(attribution(info, args.version), encoding="utf-8")
    if missing:
        print("missing from the icon set:", ", ".join(missing), file=sys.stderr)
        return 1
    print(f"wrote {len(ICONS)} icons to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
