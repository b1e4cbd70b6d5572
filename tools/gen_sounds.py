"""Generate the game's sound effects into assets/ui/sounds/ (deterministic, pure Python).

    python tools/gen_sounds.py [--out DIR] [--only NAME ...]

Every effect is synthesised from sines and seeded noise (``random.Random(seed)``) shaped by
envelopes and simple filters, then faded in and out, normalised to -3 dBFS and written as a
16-bit mono 22050 Hz WAV with the standard library's ``wave`` module. Running it twice gives
byte-identical files.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.cli.args import Parser, output_folder  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "assets" / "ui" / "sounds"

RATE = 22050
PEAK_DB = -3.0  # every effect is normalised to this peak level
FADE_IN = 0.002  # seconds: no click at the start
FADE_OUT = 0.012  # seconds: no click at the end
TAIL = 0.006  # seconds: the fade at the end of every enveloped part

Buffer = list[float]


# --------------------------------------------------------------------------------------------
# building blocks


def silence(seconds: float) -> Buffer:
    return [0.0] * int(round(seconds * RATE))


def mix(buf: Buffer, part: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add ``part`` into ``buf`` starting ``at`` seconds in (what runs past the end is cut)."""
    start = int(round(at * RATE))
    for i, v in enumerate(part[: max(0, len(buf) - start)]):
        buf[start + i] += v * gain


def noise(rng: random.Random, seconds: float) -> Buffer:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def lowpass(x: Sequence[float], cutoff: float) -> Buffer:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Sequence[float], cutoff: float) -> Buffer:
    return [v - lo for v, lo in zip(x, lowpass(x, cutoff), strict=True)]


def bandpass(x: Sequence[float], centre: float, q: float) -> Buffer:
    """RBJ biquad band-pass (0 dB peak gain)."""
    w = 2.0 * math.pi * centre / RATE
    alpha = math.sin(w) / (2.0 * q)
    a0 = 1.0 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2.0 * math.cos(w) / a0, (1.0 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for v in x:
        y = b0 * v + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def decay(x: Sequence[float], tau: float, attack: float = 0.0) -> Buffer:
    """Multiply by an exponential decay (time constant ``tau`` s) after a linear attack; the
    last TAIL seconds ramp down to zero so a part cut short does not click."""
    out, n, tail = [], len(x), int(TAIL * RATE)
    for i, v in enumerate(x):
        t = i / RATE
        env = math.exp(-max(0.0, t - attack) / tau)
        if attack > 0 and t < attack:
            env = t / attack
        if n - i < tail:
            env *= (n - i) / tail
        out.append(v * env)
    return out


def tone(freq: float | Callable[[float], float], seconds: float, phase: float = 0.0,
         partials: Sequence[tuple[float, float]] = ((1.0, 1.0),)) -> Buffer:
    """A sine (or a sum of ``(ratio, gain)`` partials) at a fixed or gliding frequency
    (``freq(t)`` in Hz, integrated so a glide has no phase jumps)."""
    f = freq if callable(freq) else (lambda _t, c=freq: c)
    n = int(round(seconds * RATE))
    out, ph = [], phase
    for i in range(n):
        out.append(sum(g * math.sin(r * ph) for r, g in partials))
        ph += 2.0 * math.pi * f(i / RATE) / RATE
    return out


def damped(freq: float, seconds: float, tau: float, attack: float = 0.0005) -> Buffer:
    """A sine that rings and dies away (a struck thing)."""
    return decay(tone(freq, seconds), tau, attack)


def soft_clip(x: Sequence[float], drive: float) -> Buffer:
    """tanh saturation: adds weight to a thump without hard clipping."""
    norm = math.tanh(drive)
    return [math.tanh(v * drive) / norm for v in x]


def finish(buf: Buffer) -> Buffer:
    """Fade in and out, remove any DC offset, normalise the peak to PEAK_DB."""
    mean = sum(buf) / len(buf)
    buf = [v - mean for v in buf]
    n_in, n_out = int(FADE_IN * RATE), int(FADE_OUT * RATE)
    for i in range(min(n_in, len(buf))):
        buf[i] *= i / n_in
    for i in range(min(n_out, len(buf))):
        buf[len(buf) - 1 - i] *= i / n_out
    peak = max(abs(v) for v in buf) or 1.0
    gain = 10.0 ** (PEAK_DB / 20.0) / peak
    return [v * gain for v in buf]


def to_wav_bytes(buf: Sequence[float]) -> bytes:
    samples = [max(-32767, min(32767, int(round(v * 32767.0)))) for v in buf]
    return struct.pack(f"<{len(samples)}h", *samples)


def write_wav(path: Path, buf: Sequence[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_wav_bytes(buf))


# --------------------------------------------------------------------------------------------
# the effects


def dice() -> Buffer:
    """Dice rattling onto a table: a handful of clicks and thocks, each softer than the last."""
    rng = random.Random(1101)
    out = silence(0.5)
    t, amp = 0.0, 1.0
    for i in range(8):
        # each impact: a bright plastic click, a short hollow tock and a little table thock
        click = decay(bandpass(noise(rng, 0.04), rng.uniform(2800, 4200), 1.6), 0.004)
        tock = damped(rng.uniform(1300, 2100), 0.05, 0.007)
        thock = damped(rng.uniform(170, 240), 0.08, 0.018, attack=0.001)
        mix(out, click, t, amp * 0.9)
        mix(out, tock, t, amp * 0.5)
        mix(out, thock, t, amp * 0.45)
        if i in (1, 3):  # two dice landing almost together
            mix(out, decay(bandpass(noise(rng, 0.03), 3300, 1.5), 0.003),
                t + rng.uniform(0.008, 0.016), amp * 0.6)
        t += rng.uniform(0.035, 0.07) * (1.0 + 0.12 * i)
        amp *= rng.uniform(0.7, 0.82)
        if t > 0.44:
            break
    # a faint rolling rumble under the clicks
    rumble = decay(lowpass(bandpass(noise(rng, 0.5), 900, 0.7), 2500), 0.12, attack=0.01)
    mix(out, rumble, 0.0, 0.12)
    return finish(out)


def move() -> Buffer:
    """Two soft boot steps with a scuff: low thumps and filtered noise."""
    rng = random.Random(2202)
    out = silence(0.25)
    for at, amp, pitch in ((0.0, 1.0, 95.0), (0.125, 0.8, 85.0)):
        thump = damped(pitch, 0.1, 0.028, attack=0.004)
        grit = decay(lowpass(bandpass(noise(rng, 0.08), 600, 0.8), 1800), 0.02, attack=0.003)
        mix(out, thump, at, amp * 0.9)
        mix(out, grit, at + 0.002, amp * 1.6)
        # the heel sliding on grit after the step
        scuff = decay(bandpass(noise(rng, 0.07), 2000, 1.2), 0.03, attack=0.025)
        mix(out, scuff, at + 0.02, amp * 0.35)
    return finish(out)


def hit() -> Buffer:
    """A punchy impact: a pitch-dropping thump under a short crack."""
    rng = random.Random(3303)
    out = silence(0.3)
    body = decay(tone(lambda t: 55.0 + 150.0 * math.exp(-t / 0.03), 0.3), 0.07, attack=0.002)
    mix(out, soft_clip(body, 2.2), 0.0, 0.9)
    crack = decay(lowpass(highpass(noise(rng, 0.08), 400), 5000), 0.012, attack=0.0005)
    mix(out, crack, 0.0, 0.8)
    smack = decay(bandpass(noise(rng, 0.12), 900, 0.9), 0.03, attack=0.001)
    mix(out, smack, 0.0, 0.7)
    return finish(out)


def take_down() -> Buffer:
    """A heavier, lower thud with armour ringing after it."""
    rng = random.Random(4404)
    out = silence(0.7)
    body = decay(tone(lambda t: 42.0 + 95.0 * math.exp(-t / 0.05), 0.7), 0.16, attack=0.003)
    mix(out, soft_clip(body, 2.5), 0.0, 0.95)
    crunch = decay(lowpass(noise(rng, 0.25), 1200), 0.05, attack=0.002)
    mix(out, crunch, 0.0, 0.7)
    # a metal plate: inharmonic partials, the higher ones dying sooner
    ring = silence(0.65)
    for freq, gain, tau in ((412.0, 1.0, 0.22), (1089.0, 0.6, 0.16), (1734.0, 0.4, 0.11),
                            (2471.0, 0.25, 0.08), (3320.0, 0.15, 0.05)):
        mix(ring, damped(freq, 0.65, tau, attack=0.002), 0.0, gain)
    mix(out, ring, 0.02, 0.3)
    return finish(out)


def _note(freq: float, seconds: float, attack: float, tau: float,
          partials: Sequence[tuple[float, float]], glide: float = 0.0) -> Buffer:
    f = (lambda t: freq * (1.0 + glide * min(1.0, t / 0.06))) if glide else freq
    return decay(tone(f, seconds, partials=partials), tau, attack)


def control() -> Buffer:
    """A short rising two-tone signal (an objective changes hands)."""
    out = silence(0.4)
    voice = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
    mix(out, _note(587.33, 0.17, 0.008, 0.12, voice, glide=0.02), 0.0, 0.85)  # D5
    mix(out, _note(880.0, 0.25, 0.008, 0.11, voice, glide=0.02), 0.15, 1.0)  # A5
    return finish(out)


def target() -> Buffer:
    """A bright three-note fanfare chime (a target of opportunity is scored)."""
    out = silence(0.6)
    bell = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.06))
    for at, freq, tau, gain in ((0.0, 783.99, 0.10, 0.75), (0.11, 987.77, 0.10, 0.8),
                                (0.22, 1174.66, 0.17, 1.0)):  # G5, B5, D6
        mix(out, _note(freq, 0.6 - at, 0.004, tau, bell), at, gain)
        mix(out, _note(freq / 2, 0.6 - at, 0.006, tau * 1.3, ((1.0, 1.0),)), at, gain * 0.3)
    return finish(out)


def click() -> Buffer:
    """A UI click: a tiny damped tick."""
    rng = random.Random(7707)
    out = silence(0.05)
    mix(out, damped(1900.0, 0.05, 0.005), 0.0, 1.0)
    mix(out, decay(bandpass(noise(rng, 0.02), 4000, 1.5), 0.002), 0.0, 0.6)
    return finish(out)


EFFECTS: dict[str, Callable[[], Buffer]] = {
    "dice": dice,
    "move": move,
    "hit": hit,
    "take_down": take_down,
    "control": control,
    "target": target,
    "click": click,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python tools/gen_sounds.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=output_folder, default=DEFAULT_OUT, metavar="FOLDER",
                        help=f"folder to write to (default {DEFAULT_OUT})")
    parser.add_argument("--only", nargs="*", choices=sorted(EFFECTS), default=None,
                        help="only these effects")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or EFFECTS:
        path = args.out / f"{name}.wav"
        write_wav(path, EFFECTS[name]())
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
