"""Running the client without a person: the click driver of the end-to-end tests, the UI
fuzzer, the frame and idle benchmarks and the seeded screenshots."""
