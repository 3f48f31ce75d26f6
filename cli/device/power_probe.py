"""Board power of one NVIDIA GPU by kind of work: the primary measurement behind the
activity power model (model/power/activity.ts) and the `system-power` cases it produced.

Method. Each phase runs one kind of work back to back for a fixed time; the first seconds
(power and clock ramp) are dropped and the mean board power over the rest is the energy
counter's difference (NVML total energy, mJ) over the window's wall time. NVML's 1 s average
power is sampled every 50 ms beside it (median and p95 reported), with SM and memory clocks
and the temperature. Throughput of each phase is timed on the GPU (CUDA events or
synchronised wall time) so that its share of peak is known. A GEMM table (no power) times
decode and expert shapes for the GEMM-efficiency constants.

Run on the device machine: `python3 cli/device/power_probe.py OUTDIR`. Nothing in the
project depends on it; the figures it printed are recorded in the cases and constants'
sources.
"""

import json
import os
import statistics
import sys
import threading
import time

import pynvml

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
RESULT = {"phases": [], "gemm_table": [], "device": {}}


def save():
    with open(os.path.join(OUT, "power-probe.json"), "w") as f:
        json.dump(RESULT, f, indent=1)


pynvml.nvmlInit()
H = pynvml.nvmlDeviceGetHandleByIndex(0)


def dev_info():
    d = {}
    for name, fn in [
        ("name", lambda: pynvml.nvmlDeviceGetName(H)),
        ("driver", lambda: pynvml.nvmlSystemGetDriverVersion()),
        ("power_limit_mw", lambda: pynvml.nvmlDeviceGetPowerManagementLimit(H)),
        ("enforced_limit_mw", lambda: pynvml.nvmlDeviceGetEnforcedPowerLimit(H)),
        ("default_limit_mw", lambda: pynvml.nvmlDeviceGetPowerManagementDefaultLimit(H)),
        ("max_sm_clock_mhz", lambda: pynvml.nvmlDeviceGetMaxClockInfo(H, pynvml.NVML_CLOCK_SM)),
        ("max_mem_clock_mhz", lambda: pynvml.nvmlDeviceGetMaxClockInfo(H, pynvml.NVML_CLOCK_MEM)),
        ("pstate", lambda: pynvml.nvmlDeviceGetPerformanceState(H)),
        ("temp_c", lambda: pynvml.nvmlDeviceGetTemperature(H, pynvml.NVML_TEMPERATURE_GPU)),
    ]:
        try:
            v = fn()
            d[name] = v.decode() if isinstance(v, bytes) else v
        except Exception as e:  # noqa: BLE001
            d[name] = f"error: {e}"
    return d


class Sampler:
    def __init__(self):
        self.samples = []
        self.stop = False
        self.t = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stop:
            t = time.time()
            try:
                p = pynvml.nvmlDeviceGetPowerUsage(H) / 1000.0
                sm = pynvml.nvmlDeviceGetClockInfo(H, pynvml.NVML_CLOCK_SM)
                mem = pynvml.nvmlDeviceGetClockInfo(H, pynvml.NVML_CLOCK_MEM)
                tc = pynvml.nvmlDeviceGetTemperature(H, pynvml.NVML_TEMPERATURE_GPU)
                ps = pynvml.nvmlDeviceGetPerformanceState(H)
                self.samples.append((t, p, sm, mem, tc, ps))
            except Exception:  # noqa: BLE001
                pass
            time.sleep(0.05)


def energy_mj():
    return pynvml.nvmlDeviceGetTotalEnergyConsumption(H)


def phase(name, seconds, warm_s, step, note="", work=None):
    """Run step() repeatedly for `seconds`; measure power after `warm_s`.
    step() returns the amount of work it did (any unit, summed) and must not leave more
    than ~0.1 s of queued GPU work."""
    import torch

    s = Sampler()
    s.t.start()
    t0 = time.time()
    while time.time() - t0 < warm_s:
        step()
    if torch.cuda.is_initialized():
        torch.cuda.synchronize()
    e0, w0 = energy_mj(), time.time()
    amount = 0.0
    while time.time() - w0 < seconds - warm_s:
        amount += step() or 0.0
    if torch.cuda.is_initialized():
        torch.cuda.synchronize()
    e1, w1 = energy_mj(), time.time()
    s.stop = True
    s.t.join()
    win = [x for x in s.samples if w0 + 1.0 <= x[0] <= w1]
    pw = [x[1] for x in win] or [float("nan")]
    r = {
        "phase": name,
        "note": note,
        "window_s": round(w1 - w0, 3),
        "mean_power_w_energy": round((e1 - e0) / 1000.0 / (w1 - w0), 1),
        "nvml_avg_power_median_w": round(statistics.median(pw), 1),
        "nvml_avg_power_p95_w": round(sorted(pw)[int(0.95 * (len(pw) - 1))], 1),
        "sm_clock_median_mhz": statistics.median([x[2] for x in win]) if win else None,
        "mem_clock_median_mhz": statistics.median([x[3] for x in win]) if win else None,
        "temp_max_c": max([x[4] for x in win]) if win else None,
        "pstate_median": statistics.median([x[5] for x in win]) if win else None,
        "work_per_s": (amount / (w1 - w0)) if amount else None,
        "work_unit": work,
    }
    RESULT["phases"].append(r)
    save()
    print(json.dumps(r), flush=True)
    return r


def main():
    RESULT["device"] = dev_info()
    print(json.dumps(RESULT["device"]), flush=True)

    # 0. Idle before any CUDA context on this process.
    phase("idle_no_context", 12, 4, lambda: time.sleep(0.05) or 0.0,
          "driver loaded, no CUDA context in this process")

    import torch

    dev = torch.device("cuda")
    torch.backends.cuda.matmul.allow_tf32 = False
    # 1. Context and 60 GiB resident (a serving engine holding weights, no request).
    hold = torch.empty(60 * 2**30, dtype=torch.uint8, device=dev)
    hold.fill_(1)
    torch.cuda.synchronize()
    phase("idle_context_60gib_resident", 12, 4, lambda: time.sleep(0.05) or 0.0,
          "CUDA context, 60 GiB allocated and written, no kernels")
    del hold
    torch.cuda.empty_cache()

    # 2. Dense GEMMs.
    n = 8192
    a = torch.randn(n, n, device=dev, dtype=torch.bfloat16)
    b = torch.randn(n, n, device=dev, dtype=torch.bfloat16)
    c = torch.empty(n, n, device=dev, dtype=torch.bfloat16)

    def gemm_bf16():
        for _ in range(20):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        return 20 * 2 * n**3 / 1e12

    phase("gemm_bf16_8192", 16, 5, gemm_bf16, "[8192,8192]x[8192,8192] bf16 back to back", "TFLOP")

    try:
        a8 = a.to(torch.float8_e4m3fn)
        b8 = b.t().contiguous().to(torch.float8_e4m3fn).t()
        one = torch.ones((), device=dev, dtype=torch.float32)

        def gemm_fp8():
            for _ in range(40):
                torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
            torch.cuda.synchronize()
            return 40 * 2 * n**3 / 1e12

        phase("gemm_fp8_8192", 16, 5, gemm_fp8, "[8192,8192]x[8192,8192] fp8 e4m3 back to back", "TFLOP")
        del a8, b8
    except Exception as e:  # noqa: BLE001
        RESULT["phases"].append({"phase": "gemm_fp8_8192", "error": str(e)})
    del a, b, c
    torch.cuda.empty_cache()

    # 3. Memory-bound streaming (HBM).
    m = 2**29  # 1 GiB of bf16 per tensor
    x = torch.randn(m, device=dev, dtype=torch.bfloat16)
    y = torch.randn(m, device=dev, dtype=torch.bfloat16)
    z = torch.empty_like(x)

    def add():
        for _ in range(20):
            torch.add(x, y, out=z)
        torch.cuda.synchronize()
        return 20 * 3 * m * 2 / 1e9

    phase("add_bf16_1gib", 14, 4, add, "z = x + y, 1 GiB bf16 tensors (2 reads, 1 write)", "GB")

    def copy():
        for _ in range(20):
            z.copy_(x)
        torch.cuda.synchronize()
        return 20 * 2 * m * 2 / 1e9

    phase("copy_bf16_1gib", 12, 4, copy, "z = x, 1 GiB bf16 (1 read, 1 write)", "GB")
    del x, y, z
    torch.cuda.empty_cache()

    # 4. Decode-shaped GEMMs: activations [m, 8192] times a [8192, 28672] weight (470 MB,
    # far above the 50 MB L2), rotating over 4 weights as a layer stack would.
    K, N = 8192, 28672
    ws = [torch.randn(N, K, device=dev, dtype=torch.bfloat16) for _ in range(4)]
    for mrows in (1, 8, 32, 128, 512, 2048):
        act = torch.randn(mrows, K, device=dev, dtype=torch.bfloat16)
        out = torch.empty(mrows, N, device=dev, dtype=torch.bfloat16)

        def dec(act=act, out=out, mrows=mrows):
            for i in range(40):
                torch.matmul(act, ws[i % 4].t(), out=out)
            torch.cuda.synchronize()
            return 40 * (N * K * 2 + mrows * (K + N) * 2) / 1e9

        phase(f"decode_gemm_m{mrows}", 9, 3, dec,
              f"[{mrows},8192]x[8192,28672] bf16, 4 weights of 470 MB in turn", "GB")
    del ws
    torch.cuda.empty_cache()

    # 5. Launch-bound small kernels (GEMV 1024^2 and a tiny add).
    mv_a = torch.randn(1024, 1024, device=dev)
    mv_x = torch.randn(1024, device=dev)

    def small():
        for _ in range(500):
            torch.mv(mv_a, mv_x)
        torch.cuda.synchronize()
        return 500.0

    phase("launch_bound_mv1024", 10, 3, small, "torch.mv 1024x1024 fp32, launch-bound", "kernels")

    # 6. A spinning wait: one block busy-waits on the clock (as a collective waiting for data).
    cycles = int(1.98e9 * 0.05)

    def spin():
        torch.cuda._sleep(cycles)
        torch.cuda.synchronize()
        return 0.05

    phase("spin_wait_one_block", 10, 3, spin, "torch.cuda._sleep: one block spins, rest of GPU idle", "s")

    # 7. Host-side wait with clocks up: right after GEMMs, nothing launched.
    a = torch.randn(n, n, device=dev, dtype=torch.bfloat16)
    b = torch.randn(n, n, device=dev, dtype=torch.bfloat16)
    c = torch.empty(n, n, device=dev, dtype=torch.bfloat16)
    for _ in range(200):
        torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
    phase("host_wait_after_gemm", 10, 1, lambda: time.sleep(0.05) or 0.0,
          "context held, nothing launched, right after 200 GEMMs")

    # 8. Duty cycle: GEMM bursts of ~10 ms then ~10 ms host wait (a bubble), busy share timed.
    def duty():
        t = time.time()
        for _ in range(6):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        busy = time.time() - t
        time.sleep(busy)
        return busy

    phase("duty_gemm_50pct", 12, 3, duty, "GEMM bursts then equal host wait; work_per_s = busy share", "busy_s")

    def duty_mem():
        t = time.time()
        for _ in range(6):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        busy = time.time() - t
        time.sleep(busy / 3)
        return busy

    phase("duty_gemm_75pct", 12, 3, duty_mem, "GEMM bursts then a third as long host wait", "busy_s")
    del a, b, c
    torch.cuda.empty_cache()

    # 9. GEMM table (no power): decode and expert shapes, bf16 and fp8, TFLOP/s.
    shapes = [
        ("dense_mlp_up", 28672, 8192),
        ("dense_attn_o", 8192, 8192),
        ("dsv3_expert_up", 4096, 7168),
        ("dsv3_expert_down", 7168, 2048),
        ("qwen3_expert_up", 3072, 4096),
        ("gptoss_expert_up", 5760, 2880),
    ]
    ms = [1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384]
    for dtype in ("bf16", "fp8"):
        for label, N_, K_ in shapes:
            w = torch.randn(N_, K_, device=dev, dtype=torch.bfloat16)
            w8 = w.to(torch.float8_e4m3fn) if dtype == "fp8" else None
            for mm in ms:
                xx = torch.randn(mm, K_, device=dev, dtype=torch.bfloat16)
                try:
                    mm16 = mm
                    if dtype == "bf16":
                        f = lambda: torch.matmul(xx, w.t())  # noqa: E731
                    else:
                        mm16 = max(16, (mm + 15) // 16 * 16)
                        x8 = torch.randn(mm16, K_, device=dev).to(torch.float8_e4m3fn)
                        one = torch.ones((), device=dev, dtype=torch.float32)
                        f = lambda: torch._scaled_mm(  # noqa: E731
                            x8, w8.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
                    for _ in range(3):
                        f()
                    torch.cuda.synchronize()
                    reps = 50
                    e0 = torch.cuda.Event(enable_timing=True)
                    e1 = torch.cuda.Event(enable_timing=True)
                    e0.record()
                    for _ in range(reps):
                        f()
                    e1.record()
                    torch.cuda.synchronize()
                    sec = e0.elapsed_time(e1) / 1000.0 / reps
                    rows = mm if dtype == "bf16" else mm16
                    byt = (N_ * K_ + rows * (K_ + N_)) * (1 if dtype == "fp8" else 2)
                    rows = mm if dtype == "bf16" else mm16
                    RESULT["gemm_table"].append({
                        "dtype": dtype, "shape": label, "m": rows, "n": N_, "k": K_,
                        "us": round(sec * 1e6, 2),
                        "tflops": round(2 * rows * N_ * K_ / sec / 1e12, 1),
                        "gbps": round(byt / sec / 1e9, 0),
                    })
                except Exception as e:  # noqa: BLE001
                    RESULT["gemm_table"].append({"dtype": dtype, "shape": label, "m": mm, "error": str(e)[:200]})
            del w, w8
            save()
    for row in RESULT["gemm_table"]:
        print(json.dumps(row), flush=True)

    # 10. Idle again at the end (after the work; context released).
    RESULT["device_end"] = dev_info()
    save()


if __name__ == "__main__":
    main()
