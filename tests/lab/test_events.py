import json

from whitecollar.lab.events import EventRecorder, read_events


def test_every_line_is_kept_with_its_receive_time(tmp_path):
    path = tmp_path / "events.jsonl"
    with EventRecorder(path) as rec:
        rec.record_line(json.dumps({"type": "system", "subtype": "init", "simulated": True}))
        rec.record_line(
            json.dumps(
                {
                    "type": "assistant",
                    "message": {"content": [{"type": "tool_use", "name": "Bash", "input": {"command": "ls"}}]},
                }
            )
        )
        rec.record_line("not json at all")
        rec.record_line(json.dumps({"type": "result", "total_cost_usd": 0.42, "num_turns": 3, "duration_ms": 900}))
        rec.record_line('{"type": "assistant", "mess', partial=True)
        result = rec.result
    events = read_events(path)
    assert len(events) == 5 and all("received_at" in e for e in events)
    assert events[2]["text"] == "not json at all"
    assert events[4]["partial"] is True
    assert result.seen and result.cost_usd == 0.42 and result.num_turns == 3
    assert result.tool_uses == 1 and result.simulated and result.partial_lines == 1


def test_no_result_event_means_unknown_cost(tmp_path):
    with EventRecorder(tmp_path / "e.jsonl") as rec:
        rec.record_line(json.dumps({"type": "system", "subtype": "init"}))
    assert not rec.result.seen and rec.result.cost_usd is None
