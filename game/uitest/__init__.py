"""Running the client without a person: the click driver of the end-to-end tests, the UI
fuzzer, the frame and idle benchmarks and the seeded screenshots."""

from game.ui.autoplay import provide_driver
from game.uitest.driver import Driver

provide_driver(Driver)  # the tutorial's autoplay clicks through this driver (game/ui/autoplay.py)

__all__ = ["Driver"]
