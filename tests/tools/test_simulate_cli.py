"""``python -m game.cli.simulate`` refuses an unknown mission or fireteam with the real ids and
exit code 2, not a traceback."""

from __future__ import annotations

import pytest

from game.cli.simulate import main


@pytest.mark.parametrize("argv, words", [
    (["--mission", "nope"], ["unknown mission 'nope'", "power_up", "relic_run"]),
    (["--mission", "power_upp"], ["did you mean 'power_up'?"]),
    (["--fireteams", "gideon", "nope"], ["unknown fireteam 'nope'", "gideon",
                                          "kappic_eagles"]),
])
def test_unknown_id_exits_2_listing_the_real_ids(argv: list[str], words: list[str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--games", "1"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    for word in words:
        assert word in err
    assert "Traceback" not in err
