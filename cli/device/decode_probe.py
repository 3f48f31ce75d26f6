"""Board power of one NVIDIA GPU during LLM decode steps, as a serving engine runs them: a
Llama-3.1-8B-shaped decoder (32 layers, hidden 4096, GQA 32/8 heads of 128, SwiGLU 14336,
vocabulary 128256; random bf16 weights) decoding one token for each of `batch` requests against
a KV cache of `ctx` tokens each, the whole step captured once as a CUDA graph and replayed back
to back (vLLM and SGLang replay decode steps as CUDA graphs). Reports the step time and the
board power. The primary measurement behind the serving decode phase's power
(model/power/activity.ts).

Method as power_probe.py: mean board power from the NVML energy counter over each phase's
steady window after a warm-up. Run: `python3 cli/device/decode_probe.py OUTDIR`.
"""

import json
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
import power_probe  # noqa: E402

power_probe.OUT = sys.argv[1] if len(sys.argv) > 1 else "."
L, H, NH, NKV, D, FF, V = 32, 4096, 32, 8, 128, 14336, 128256


def main():
    dev = torch.device("cuda")
    bf = torch.bfloat16
    w = [
        {
            "qkv": torch.randn((NH + 2 * NKV) * D, H, device=dev, dtype=bf) * 0.02,
            "o": torch.randn(H, NH * D, device=dev, dtype=bf) * 0.02,
            "gu": torch.randn(2 * FF, H, device=dev, dtype=bf) * 0.02,
            "down": torch.randn(H, FF, device=dev, dtype=bf) * 0.02,
            "n1": torch.ones(H, device=dev, dtype=bf),
            "n2": torch.ones(H, device=dev, dtype=bf),
        }
        for _ in range(L)
    ]
    head = torch.randn(V, H, device=dev, dtype=bf) * 0.02
    results = []
    for batch, ctx in ((1, 1024), (8, 1024), (64, 1024), (256, 1024)):
        kv = [
            (torch.randn(batch, NKV, ctx, D, device=dev, dtype=bf),
             torch.randn(batch, NKV, ctx, D, device=dev, dtype=bf))
            for _ in range(L)
        ]
        x0 = torch.randn(batch, H, device=dev, dtype=bf)

        def step():
            x = x0
            for lw, (k, v) in zip(w, kv):
                h = F.rms_norm(x, (H,), lw["n1"])
                qkv = h @ lw["qkv"].t()
                q = qkv[:, : NH * D].view(batch, NH, 1, D)
                attn = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
                x = x + attn.reshape(batch, NH * D) @ lw["o"].t()
                h = F.rms_norm(x, (H,), lw["n2"])
                g, u = (h @ lw["gu"].t()).chunk(2, dim=-1)
                x = x + (F.silu(g) * u) @ lw["down"].t()
            return (x @ head.t()).argmax(-1)

        try:
            s = torch.cuda.Stream()
            s.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(s):
                for _ in range(3):
                    step()
            torch.cuda.current_stream().wait_stream(s)
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                step()

            def replay(n=20):
                for _ in range(n):
                    g.replay()
                torch.cuda.synchronize()
                return float(n)

            r = power_probe.phase(
                f"decode8b_graph_b{batch}_ctx{ctx}", 10, 3, replay,
                f"Llama-3.1-8B shape, random bf16 weights, batch {batch}, KV {ctx} tokens each, "
                "one decode step as a CUDA graph replayed back to back", "steps")
            results.append({"batch": batch, "ctx": ctx, "step_ms": round(1000 / r["work_per_s"], 3),
                            "power_w": r["mean_power_w_energy"],
                            "sm_clock_mhz": r["sm_clock_median_mhz"]})
            del g
        except Exception as e:  # noqa: BLE001
            results.append({"batch": batch, "ctx": ctx, "error": str(e)[:300]})
            print("failed", batch, e, flush=True)
        power_probe.RESULT["decode"] = results
        power_probe.save()
        del kv
        torch.cuda.empty_cache()
    print(json.dumps(results), flush=True)


if __name__ == "__main__":
    main()
