// The launch form's CI target and most rounds: ranges named as the backend names them, the worst case of the
// rounds counted against the call limit (on max_rounds, with what fits), and the body posted.
import { describe, expect, it } from "vitest";
import { listSweep } from "./sweep";
import { checkCiTarget, DEFAULT_FORM, formFieldOf, rpcCallsTotal, rpcRounds, toRunCreate, validateLaunch, type LaunchForm } from "./validation";

const rpc: LaunchForm = { ...DEFAULT_FORM, client_agent_id: "1", server_agent_id: "2", kind: "rpc", transport: "udp" };

describe("CI target and most rounds", () => {
  it("default to a 5 % target and 5 rounds, posted with the run", () => {
    expect(validateLaunch(rpc)).toEqual({});
    expect(toRunCreate({ ...rpc, ci_target_pct: " 2.5 ", max_rounds: "8" })).toMatchObject({ ci_target_pct: 2.5, max_rounds: 8 });
  });

  it("name the field and its range", () => {
    expect(checkCiTarget("0")).toBeUndefined();
    expect(checkCiTarget("0.5")).toBeUndefined();
    expect(checkCiTarget("50")).toBeUndefined();
    expect(checkCiTarget("0.2")).toBe("CI target must be 0 (no target) or between 0.5 and 50 % (got 0.2)");
    expect(checkCiTarget("60")).toBe("CI target must be 0 (no target) or between 0.5 and 50 % (got 60)");
    expect(checkCiTarget("-1")).toBe("CI target must be 0 (no target) or between 0.5 and 50 % (got -1)");
    expect(checkCiTarget("")).toBe("CI target must be 0 (no target) or between 0.5 and 50 %");
    expect(validateLaunch({ ...rpc, max_rounds: "21" }).max_rounds).toBe("Most rounds must be between 1 and 20 (got 21)");
    expect(validateLaunch({ ...rpc, max_rounds: "0" }).max_rounds).toBe("Most rounds must be between 1 and 20 (got 0)");
    expect(formFieldOf("rpc", "max_rounds")).toBe("max_rounds");
    expect(formFieldOf("rpc", "ci_target_pct")).toBe("ci_target_pct");
  });

  it("take the model's tolerance as a whole % from 0 to 50 and post it", () => {
    expect(validateLaunch({ ...rpc, model_tolerance_pct: "51" }).model_tolerance_pct).toBe("Model tolerance must be between 0 and 50 % (got 51)");
    expect(validateLaunch({ ...rpc, model_tolerance_pct: "2.5" }).model_tolerance_pct).toBe("Model tolerance must be a whole number (0..50 %)");
    expect(validateLaunch({ ...rpc, model_tolerance_pct: "0" }).model_tolerance_pct).toBeUndefined();
    expect(toRunCreate({ ...rpc, model_tolerance_pct: "15" })).toMatchObject({ model_tolerance_pct: 15 });
    expect(toRunCreate(rpc)).toMatchObject({ model_tolerance_pct: 10 });
    expect(formFieldOf("rpc", "model_tolerance_pct")).toBe("model_tolerance_pct");
  });

  it("count every round against the call limit, on most rounds when one round fits", () => {
    const f = { ...rpc, threads: listSweep([4]), calls: "100000", warmup_calls: "10", max_rounds: "3" };
    expect(rpcCallsTotal(f)).toBe(400_040);
    expect(rpcCallsTotal(f, 3)).toBe(1_200_040);
    const e = validateLaunch(f);
    expect(e.calls).toBeUndefined();
    expect(e.max_rounds).toBe("Most rounds must be between 1 and 2 for this sweep: Σ threads × (warm-up + calls × rounds) must be at most 1000000 (got 1200040)");
    // without a target a point runs once: nothing more is counted
    expect(rpcRounds({ ...f, ci_target_pct: "0" })).toBe(1);
    expect(validateLaunch({ ...f, ci_target_pct: "0" })).toEqual({});
  });

});
