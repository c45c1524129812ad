from tests.e2e.harness import CHANNEL_ID, Harness, Member

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))


async def test_create_game(harness: Harness) -> None:
    calls = await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic")
    for c in calls:
        print(c.method, c.path, c.json, c.ephemeral)
    assert calls
