"""Board power of one NVIDIA GPU during decode attention alone: one query token per request
against its KV cache (GQA 32 query / 8 KV heads of 128, bf16, PyTorch scaled_dot_product_attention
with enable_gqa), 32 layers' worth of caches in turn, captured as a CUDA graph and replayed back
to back. Reports the power and the KV bytes read per second. Method as power_probe.py.
Run: `python3 cli/device/attention_probe.py OUTDIR`.
"""

import json
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(__file__))
import power_probe  # noqa: E402

power_probe.OUT = sys.argv[1] if len(sys.argv) > 1 else "."
NH, NKV, D, LAYERS = 32, 8, 128, 32


def main():
    dev = torch.device("cuda")
    bf = torch.bfloat16
    out = []
    for batch, ctx in ((8, 1024), (64, 1024), (256, 1024), (32, 8192)):
        kv = [(torch.randn(batch, NKV, ctx, D, device=dev, dtype=bf),
               torch.randn(batch, NKV, ctx, D, device=dev, dtype=bf)) for _ in range(LAYERS)]
        q = torch.randn(batch, NH, 1, D, device=dev, dtype=bf)

        def layers():
            o = None
            for k, v in kv:
                o = F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
            return o

        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            for _ in range(3):
                layers()
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            layers()
        byt = LAYERS * 2 * batch * NKV * ctx * D * 2

        def replay(n=20):
            for _ in range(n):
                g.replay()
            torch.cuda.synchronize()
            return n * byt / 1e9

        r = power_probe.phase(f"decode_attention_b{batch}_ctx{ctx}", 9, 3, replay,
                              f"SDPA decode attention, batch {batch}, KV {ctx} tokens, GQA 32/8x128, 32 layers, CUDA graph",
                              "GB")
        out.append({"batch": batch, "ctx": ctx, "power_w": r["mean_power_w_energy"],
                    "kv_gbps": round(r["work_per_s"]), "sm_clock_mhz": r["sm_clock_median_mhz"]})
        power_probe.RESULT["decode_attention"] = out
        power_probe.save()
        del g, kv
        torch.cuda.empty_cache()
    # The same caches streamed by a copy (pure HBM traffic, no attention arithmetic).
    x = torch.randn(2**30, device=dev, dtype=bf)
    y = torch.empty_like(x)

    def rd(n=10):
        for _ in range(n):
            y.copy_(x)
        torch.cuda.synchronize()
        return n * 2 * x.numel() * 2 / 1e9

    r = power_probe.phase("copy_2gib_reference", 9, 3, rd, "copy of 2 GiB bf16 (reference streaming)", "GB")
    out.append({"copy_power_w": r["mean_power_w_energy"], "copy_gbps": round(r["work_per_s"])})
    power_probe.RESULT["decode_attention"] = out
    power_probe.save()
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
