import type { Source } from './sourced';

/**
 * The catalog's source index: every source id a catalog number cites. Seeded from
 * shared/research/catalog.json (`source_index`) plus the few sources this catalog adds.
 * `kind`: vendor | vendor-copy | secondary | community | estimate (community and estimate are soft).
 */
export const catalogSources: readonly Source[] = [
  {
    id: 'nv-dgxb200-ug',
    title: 'NVIDIA DGX B200 User Guide - Introduction (hardware overview, mechanical, power)',
    url: 'https://docs.nvidia.com/dgx/dgxb200-user-guide/introduction-to-dgxb200.html',
    kind: 'vendor',
  },
  {
    id: 'nv-dgxgb200-hw',
    title: 'NVIDIA DGX GB200 User Guide - Hardware (rack configuration, compute tray)',
    url: 'https://docs.nvidia.com/dgx/dgxgb200-user-guide/hardware.html',
    kind: 'vendor',
  },
  {
    id: 'nv-spod-gb200-arch',
    title: 'NVIDIA DGX SuperPOD RA (DGX GB200) - Architecture (SU = 8 racks, 1.2 MW TDP)',
    url: 'https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-gb200/latest/dgx-superpod-architecture.html',
    kind: 'vendor',
  },
  {
    id: 'nv-spod-b200-comp',
    title: 'NVIDIA DGX SuperPOD RA (DGX B200) - Key components (72 PF FP8 / 144 PF FP4, 1,440 GB)',
    url: 'https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-b200/latest/dgx-superpod-components.html',
    kind: 'vendor',
  },
  {
    id: 'nv-spod-b300-arch',
    title:
      'NVIDIA DGX SuperPOD RA (DGX B300) - Architecture (4 per rack, >50 kW/rack; SU component counts)',
    url: 'https://docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300/latest/dgx-superpod-architecture.html',
    kind: 'vendor',
  },
  {
    id: 'nv-spod-h100-ra',
    title:
      'NVIDIA DGX SuperPOD RA-11333-001 V11 (DGX H100) - full text incl. Table 6 storage guidelines (read via a text copy stored in a public GitHub repo; primary at docs.nvidia.com)',
    url: 'https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/index.html',
    kind: 'vendor-copy',
  },
  {
    id: 'nv-cabling-portpower',
    title: 'NVIDIA DGX SuperPOD cabling design guide - Port power',
    url: 'https://docs.nvidia.com/dgx-superpod/design-guide-cabling-data-centers/latest/port-power.html',
    kind: 'vendor',
  },
  {
    id: 'nv-linkx-overview',
    title: 'NVIDIA LinkX 100G-PAM4 product line overview (DAC/LACC/MM/SM power and reach)',
    url: 'https://docs.nvidia.com/networking/display/400g100gpam4ovpub/linkx-100g-pam4-product-line-overview',
    kind: 'vendor',
  },
  {
    id: 'nv-mms4x00ns-spec',
    title: 'NVIDIA MMS4X00-NS 800G twin-port OSFP transceiver - Specifications',
    url: 'https://docs.nvidia.com/networking/display/800gmms4x00ns/specifications',
    kind: 'vendor',
  },
  {
    id: 'nv-mma4z00ns400',
    title: 'NVIDIA MMA4Z00-NS400-T 400G single-port OSFP MM 50m - Connectivity scenarios',
    url: 'https://docs.nvidia.com/networking/display/MMA4Z00NS400T/Connectivity+Scenarios',
    kind: 'vendor',
  },
  {
    id: 'nv-mma1z00ns400',
    title: 'NVIDIA MMA1Z00-NS400-T 400G QSFP112 MM transceiver - Overview',
    url: 'https://docs.nvidia.com/networking/display/MMA1Z00NS400T/Overview',
    kind: 'vendor',
  },
  {
    id: 'nv-cx7-intro',
    title: 'NVIDIA ConnectX-7 PCIe stand-up adapter user manual - Introduction',
    url: 'https://docs.nvidia.com/networking/display/ConnectX7VPI/Introduction',
    kind: 'vendor',
  },
  {
    id: 'nv-bf3-ctrl',
    title: 'NVIDIA BlueField-3 DPU Controller user manual - Introduction (max power up to 150 W)',
    url: 'https://docs.nvidia.com/networking/display/BF3DPUController/Introduction',
    kind: 'vendor',
  },
  {
    id: 'nv-h100pcie-pb',
    title: 'NVIDIA H100 PCIe Product Brief PB-11133-001_v02 (Nov 2022), mirror',
    url: 'https://manuals.plus/m/56b0c3ef7d0a1c470c0af8f05a0bd1f29a778007472ba941201fbbb185c9bccd',
    kind: 'vendor-copy',
  },
  {
    id: 'nv-h100-table-hpctech',
    title: 'NVIDIA H100 SXM/PCIe spec table reproduced by HPC Tech (Japan)',
    url: 'https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html',
    kind: 'vendor-copy',
  },
  {
    id: 'nv-gb200-hgxb200-table',
    title:
      'NVIDIA GB200 NVL72 vs HGX B200 technical specifications table (reproduced verbatim on a personal notes site)',
    url: 'https://zdszero.github.io/Computer/Artificial_Intelligence/Hardware.html',
    kind: 'vendor-copy',
  },
  {
    id: 'nv-l40s-table',
    title: 'NVIDIA L40/L40S datasheet table reproduced by reseller (mullet.se)',
    url: 'https://www.mullet.se/product.html?product_id=355414',
    kind: 'vendor-copy',
  },
  {
    id: 'nv-hgxb300-table',
    title:
      'HGX B300 NVL16 vs HGX B200 spec table (FiberMall blog, copy of NVIDIA table; partly garbled)',
    url: 'https://fibermall.com/blog/?p=17161',
    kind: 'vendor-copy',
  },
  {
    id: 'rackula-3287',
    title:
      'RackulaLives/Rackula docs/research/3287-external.md (research note dated 2026-09-13 compiling NVIDIA user guides, switch manuals and RAs; cites networking-docs.nvidia.com/qm97x0hw/specifications, sn5000hw, dgxh100-user-guide, DGX B200 DC best-practices deck)',
    url: 'https://github.com/RackulaLives/Rackula/blob/6867e8318ab855fa78e78153f9b677d2cc7c5be8/docs/research/3287-external.md',
    kind: 'secondary',
  },
  {
    id: 'glenn-h100',
    title: 'Glenn K. Lockwood - H100 notes (peak TFLOPS table from NVIDIA)',
    url: 'https://glennklockwood.com/garden/processors/h100',
    kind: 'secondary',
  },
  {
    id: 'glenn-a100',
    title: 'Glenn K. Lockwood - A100 notes (cites NVIDIA A100 datasheet)',
    url: 'https://glennklockwood.com/garden/processors/A100',
    kind: 'secondary',
  },
  {
    id: 'glenn-b200',
    title: 'Glenn K. Lockwood - B200 / GB200 notes (HGX 1000 W and GB200 1200 W peak tables)',
    url: 'https://glennklockwood.com/garden/processors/B200',
    kind: 'secondary',
  },
  {
    id: 'glenn-b300',
    title: 'Glenn K. Lockwood - B300 / GB300 NVL72 notes',
    url: 'https://glennklockwood.com/garden/processors/B300',
    kind: 'secondary',
  },
  {
    id: 'glenn-comprel',
    title:
      'Glenn K. Lockwood - Component reliability (Llama 3.1 interruption table, Crusoe H200 faults)',
    url: 'https://glennklockwood.com/garden/component-reliability',
    kind: 'secondary',
  },
  {
    id: 'verda-gb300',
    title:
      'Verda (ex-DataCrunch) - NVIDIA GB300 NVL72 architecture: per-GPU dense specs of GB300/GB200/B300/B200',
    url: 'https://verda.com/blog/gb300-nvl72-architecture',
    kind: 'secondary',
  },
  {
    id: 'thunder-a100',
    title: 'Thunder Compute - NVIDIA A100 specifications',
    url: 'https://www.thundercompute.com/blog/nvidia-a100-specs-full-guide',
    kind: 'secondary',
  },
  {
    id: 'a100-wp-notes',
    title: 'A100 whitepaper notes (NVSwitch, 8 GPUs, 600 GB/s)',
    url: 'https://jingchaozhang.github.io/A100-white-paper/',
    kind: 'community',
  },
  {
    id: 'gadgetmix-dgxa100',
    title: 'Gadgetmix - NVIDIA A100 / DGX A100 ($199,000)',
    url: 'http://gadgetmix.com/nvidia-a100-gpu-with-ampere-architecture/2470/',
    kind: 'secondary',
  },
  {
    id: 'lzwjava-h200',
    title: 'H100 vs H200 spec comparison table',
    url: 'https://lzwjava.github.io/nvidia-h200-gpu-specs-en',
    kind: 'community',
  },
  {
    id: 'aiminingco-h200',
    title: 'AI Mining Co - H200 specs (same GH100, 700 W, drop-in HGX)',
    url: 'https://www.aiminingco.com/gpu/h200/specs',
    kind: 'community',
  },
  {
    id: 'saul-h200',
    title: 'Saul Electric - NVIDIA H200 specs (H200 NVL/PCIe 600 W)',
    url: 'https://www.saulelectric.com/nvidia-h200.html',
    kind: 'community',
  },
  {
    id: 'pcmag-h100',
    title: 'PCMag encyclopedia - H100 (up to 256 H100 via NVLink)',
    url: 'https://www.pcmag.com/encyclopedia/term/h100',
    kind: 'secondary',
  },
  {
    id: 'sth-gb200-techradar',
    title:
      'TechRadar (via Yahoo) summarising ServeTheHome: DGX GB200 NVL72 ~120 kW, 1.36 t, copper spine saves ~20 kW',
    url: 'https://sg.news.yahoo.com/nvidias-exaflop-supercomputer-rack-looks-142212690.html',
    kind: 'secondary',
  },
  {
    id: 'continuum-gb200',
    title: 'Continuum Labs - GB200 NVL72 (~US$3M)',
    url: 'https://training.continuumlabs.ai/infrastructure/servers-and-chips/nvidia-gb200-nvl72',
    kind: 'community',
  },
  {
    id: 'xataka-gb200',
    title: 'Xataka - NVIDIA DGX GB200 NVL72 (~$3M, 1.36 t, 18 compute + 9 switch trays)',
    url: 'https://www.xatakaon.com/robotics-and-ai/nvidias-ai-supercomputer-costs-3-million-to-operate-it-uses-a-switch-with-nearly-2-miles-of-cable',
    kind: 'secondary',
  },
  {
    id: 'introl-gb300',
    title:
      'Introl - GB300 NVL72 (~120 kW; compute trays ~6.5 kW; switch trays 3.6 kW; Supermicro 2025)',
    url: 'https://introl.com/blog/why-nvidia-gb300-nvl72-blackwell-ultra-matters',
    kind: 'community',
  },
  {
    id: 'yobitel-b300',
    title: 'Yobitel KB - NVIDIA B300 (288 GB HBM3e, 12-high)',
    url: 'https://www.yobitel.com/knowledge-base/nvidia-b300',
    kind: 'community',
  },
  {
    id: 'hf-hw-h100',
    title: 'Hugging Face hardware page - H100 (MSRP $30k, 700 W)',
    url: 'https://huggingface.co/hardware/h100',
    kind: 'community',
  },
  {
    id: 'hf-hw-h200',
    title: 'Hugging Face hardware page - H200 (MSRP $32k)',
    url: 'https://huggingface.co/hardware/h200',
    kind: 'community',
  },
  {
    id: 'hf-hw-b300',
    title: 'Hugging Face hardware page - B300 (MSRP $45k, 288 GB, 1400 W)',
    url: 'https://huggingface.co/hardware/b300',
    kind: 'community',
  },
  {
    id: 'hf-hw-mi300',
    title: 'Hugging Face hardware page - MI300 (MSRP $15k, 750 W)',
    url: 'https://huggingface.co/hardware/mi300',
    kind: 'community',
  },
  {
    id: 'techspot-h100price',
    title:
      "TechSpot - Raymond James (via Barron's): H100 costs ~$3,320 to make, sells for $25,000-30,000 (Aug 2023)",
    url: 'https://www.techspot.com/news/99839-nvidia-garners-reported-1000-profit-each-h100-gpu.html',
    kind: 'secondary',
  },
  {
    id: 'toms-h100-550k',
    title: "Tom's Hardware (FT): H100 80GB PCIe retails ~$30,000 in US (Aug 2023)",
    url: 'https://d33gy59ovltp76.cloudfront.net/news/nvidia-to-sell-550-000-h100-gpus-for-ai-in-2023-report',
    kind: 'secondary',
  },
  {
    id: 'epoch-dgxcost',
    title: 'Epoch AI training-cost-trends notebook: SemiAnalysis DGX H100 sale price ~$270k',
    url: 'https://github.com/epoch-research/training-cost-trends',
    kind: 'secondary',
  },
  {
    id: 'supercluster-dgx',
    title: "Supercluster blog 4/20 - DGX H100 platform (base price ~$199k 'one source says')",
    url: 'https://www.supercluster.blog/p/4-nvidia-dgx-h100-hardware',
    kind: 'community',
  },
  {
    id: 'supercluster-power',
    title: 'Supercluster blog 6/20 - DGX H100 power (typical 6.5-8.5 kW)',
    url: 'https://www.supercluster.blog/p/6-ai-supercluster-nvidia-dgx-h100',
    kind: 'community',
  },
  {
    id: 'gpuname-rtxpro',
    title:
      'gpu.name (VideoCardz) - RTX PRO 6000 Blackwell: 24,064 cores, 96 GB GDDR7, 1,792 GB/s, 600 W, PCIe Gen5',
    url: 'https://gpu.name/posts/nvidia-unveils-rtx-pro-6000-blackwell-gpu-with-24-064-cores-and-96gb-memory',
    kind: 'secondary',
  },
  {
    id: 'topcpu-rtxpro',
    title:
      'TopCPU - RTX PRO 6000: 188 SMs, 752 Tensor cores, 125 TFLOPS FP32, 4,000 AI TOPS (FP4), three editions',
    url: 'https://www.topcpu.net/es/news/nvidia-launches-96gb-rtx-5090-model-with-a-whopping-price-tag-of-10000',
    kind: 'secondary',
  },
  {
    id: 'itcreations-l40s',
    title: 'ITCreations - L40S (no NVLink, PCIe 4.0 x16)',
    url: 'https://www.itcreations.com/nvidia-gpu/nvidia-l40s-gpu-accelerator',
    kind: 'community',
  },
  {
    id: 'jw-mi300',
    title:
      'Jared Watkins research notes - AMD Instinct MI300 series (192 GB, 5.3 TB/s, ~1.3 PF FP16, ~2.6 PF FP8, 750 W, OAM)',
    url: 'https://www.jaredwatkins.com/research/ai-accelerators/amd-instinct/mi300-series/',
    kind: 'community',
  },
  {
    id: 'awesome-mi300x',
    title: 'AwesomeAgents - AMD MI300X (2,610 TFLOPS FP8; street $10-15k)',
    url: 'https://awesomeagents.ai/hardware/amd-mi300x',
    kind: 'community',
  },
  {
    id: 'awesome-mi325x',
    title:
      'AwesomeAgents - AMD MI325X (AMD spec table: FP8 2,614.9 / 5,229.8 sparse, BF16 1,307.4, TF32 653.7, FP32 163.4)',
    url: 'https://awesomeagents.ai/hardware/amd-mi325x',
    kind: 'community',
  },
  {
    id: 'yobitel-mi325x',
    title: 'Yobitel KB - AMD MI325X (~1,000 W)',
    url: 'https://yobitel.com/knowledge-base/amd-mi325x',
    kind: 'community',
  },
  {
    id: 'wiaix-mi325x',
    title: 'WIAIX - MI325X platform (8 GPUs 2 TB, 6 TB/s, seven Infinity Fabric links)',
    url: 'https://wiaix.com/amd-instincttm-mi325x-accelerators',
    kind: 'community',
  },
  {
    id: 'gpublog-mi300x',
    title: 'gpu.blog - MI300X (Infinity Fabric 896 GB/s, 8-GPU xGMI mesh; TensorWave/Vultr prices)',
    url: 'https://gpu.blog/gpus/instinct-mi300x-mi300x',
    kind: 'community',
  },
  {
    id: 'mlperf-mi300x',
    title: 'MLCommons inference v4.1 AMD system description 8xMI300X_2xEPYC-9374F',
    url: 'https://raw.githubusercontent.com/mlcommons/inference_results_v4.1/main/closed/AMD/systems/8xMI300X_2xEPYC-9374F.json',
    kind: 'vendor',
  },
  {
    id: 'toms-mi355x',
    title:
      "Tom's Hardware - AMD MI355X 1,400 W; MI350X 1,000 W; 288 GB HBM3E 8 TB/s; max FP4/FP6 20.1 / 18.45 PF",
    url: 'https://www.tomshardware.com/pc-components/gpus/amds-instinct-mi355x-accelerator-will-consume-1-400-watts',
    kind: 'secondary',
  },
  {
    id: 'reg-mi355x',
    title:
      'The Register (2025-06-12) - MI355X 1.4 kW liquid-cooled, ~10 PF FP4 (2x w/ sparsity), up to 128 per rack',
    url: 'https://www.theregister.com/2025/06/12/amd_mi355x/?td=readmore',
    kind: 'secondary',
  },
  {
    id: 'reg-gaudi3',
    title:
      'The Register (2024-04-09) - Intel Gaudi 3: 2 dies, 8 MME, 64 TPC, 96 MB SRAM, 128 GB HBM2e 3.7 TB/s, 24x200GbE',
    url: 'https://www.theregister.com/2024/04/09/intel_gaudi_ai_accelerator/',
    kind: 'secondary',
  },
  {
    id: 'pcguia-gaudi3',
    title: 'PCGuia - Gaudi 3: 1,835 TFLOPS FP8/BF16 matrix, 900 W',
    url: 'https://pcguia.pt/2024/04/nvidia-e-amd-tem-um-novo-rival-no-mercado-de-ia-a-intel',
    kind: 'secondary',
  },
  {
    id: 'yic-gaudi3',
    title: 'y-ic.de - Gaudi 3: BF16 vector 28.7 TFLOPS; Intel 8-chip kit $125,000 (~$15,625/chip)',
    url: 'https://y-ic.de/news/intel-officially-launches-gaudi3-ai-chip-slower-than-nvidia-h100,but-at-a-lower-cost.html',
    kind: 'secondary',
  },
  {
    id: 'itct-qm9700',
    title: 'ITCT Shop - Quantum-2 QM9700 vs QM9790 (64x400G 1U, 51.2 Tb/s, 66.5 BPPS)',
    url: 'https://itctshop.com/infiniband-switch-guide',
    kind: 'community',
  },
  {
    id: 'yobitel-q2',
    title: 'Yobitel KB - NVIDIA Quantum-2 (2-tier fat tree 2,048 endpoints; 128x200G split)',
    url: 'https://yobitel.com/knowledge-base/nvidia-quantum-2',
    kind: 'community',
  },
  {
    id: 'ziash-x800',
    title:
      'NCA-AIIO study guide - Quantum-X800 Q3400-RA 144x800G = 115.2 Tb/s; CX-8 800G PCIe Gen6',
    url: 'https://ziash.github.io/nvidia-nca-aiio-study-guide/02-ai-infrastructure/09-high-speed-network-options/',
    kind: 'community',
  },
  {
    id: 'gdroof-x800',
    title:
      'Scraped copy of FiberMall text: Q3400 144x800G via 72 1.6T OSFP-XD; 2-tier fat tree up to 10,368 endpoints',
    url: 'https://www.gdroofing.co.za/smartpatch\u2122-copper-snap-in-jack-pane/',
    kind: 'community',
  },
  {
    id: 'probsee-sn5600',
    title: 'Probsee - NVIDIA Spectrum SN5600 (64x800GbE 2U, 51.2 Tb/s, 256x100G breakout)',
    url: 'https://probsee.com/p/NVIDIA_Spectrum_SN5600',
    kind: 'community',
  },
  {
    id: 'techinsights-th5',
    title: 'TechInsights (Linley) - Broadcom Tomahawk 5: 51.2 Tb/s, 5 nm, est. ~500 W chip power',
    url: 'https://www-prod.techinsights.com/ko/node/49000',
    kind: 'secondary',
  },
  {
    id: 'chipcraft-th5',
    title:
      'ChipCraft - Tomahawk 5: 512x106.25G PAM4 SerDes, ~450 W typical deployment power, 8.8 pJ/bit',
    url: 'https://chipcraft.tech/field-studies/broadcom-tomahawk5-switch',
    kind: 'community',
  },
  {
    id: 'converge-th5',
    title: 'Converge Digest (2022-08-21) - Broadcom ships Tomahawk 5 (64x800GbE, 256x200GbE)',
    url: 'https://convergedigest.blogspot.com/2022_08_21_archive.html',
    kind: 'secondary',
  },
  {
    id: 'yobitel-th5',
    title:
      'Yobitel KB - Broadcom Tomahawk 5 (Arista 7060X6, Cisco N9332D-H2R, Edgecore AS9817-64D, Dell Z9864F-ON)',
    url: 'https://www.yobitel.com/knowledge-base/broadcom-tomahawk-5',
    kind: 'community',
  },
  {
    id: 'alfares-2008',
    title:
      'Al-Fares, Loukissas, Vahdat - A Scalable, Commodity Data Center Network Architecture (SIGCOMM 2008) - bibliographic summary',
    url: 'https://www.adrian.idv.hk/2011-03-21-alv08-dcn/',
    kind: 'secondary',
  },
  {
    id: 'lossless-rail',
    title: 'losslessnetwork.com - Rail-optimized topology',
    url: 'https://losslessnetwork.com/learn/ai-fabric-architecture/rail-optimized-topology',
    kind: 'community',
  },
  {
    id: 'yobitel-bf3',
    title: 'Yobitel KB - BlueField-3 (street ~$2,000-3,000 early-mid 2026)',
    url: 'https://yobitel.com/knowledge-base/bluefield-3-dpu',
    kind: 'community',
  },
  {
    id: 'ddn-b200-blog',
    title:
      "DDN blog - AI storage with DGX B200 ('usual minimum 1 GB/s/GPU'; AI400X2-Turbo ~10x; ~100 GB/s per DGX B200)",
    url: 'https://ddn.com/blog/ddns-ai-storage-optimized-for-nvidia-dgx-b200-platform-handling-ai-at-any-scale-with-nvidia-blackwell',
    kind: 'vendor',
  },
  {
    id: 'sr-micron9550',
    title: 'StorageReview - Micron 9550 MAX review (spec table)',
    url: 'https://www.storagereview.com/review/micron-9550-max-review-balanced-performance-for-ai-db-and-analytics',
    kind: 'secondary',
  },
  {
    id: 'micron9550-spec',
    title: 'Micron 9550 MAX spec table (copy): 14,000/10,000 MB/s, <=18 W, MTTF 2.0M h',
    url: 'https://korean.storagesserver.com/cases/micron-9550-max-review-balanced-performance-for-ai-db-and-analytics-48698.html',
    kind: 'vendor-copy',
  },
  {
    id: 'micron9650',
    title: 'Pokde - Micron 9650 PCIe 6.0 SSD (28 GB/s read, 14 GB/s write, up to 30.72 TB)',
    url: 'https://pokde.net/system/pc/storage/micron-worlds-first-pcie-6-0-ssd',
    kind: 'secondary',
  },
  {
    id: 'hwc-p5336',
    title:
      'HWCooling - Solidigm D5-P5336 122.88 TB QLC, PCIe 4.0 x4, 7,400 MB/s read, 3,200 MB/s write; largest HDDs 30-32 TB',
    url: 'https://hwcooling.net/en/ssd-reaches-122tb-capacity-beating-largest-hdd-by-four-times',
    kind: 'secondary',
  },
  {
    id: 'p5316-ds',
    title: 'Solidigm/Intel D5-P5316 datasheet summary (max avg active write power 25 W, idle 5 W)',
    url: 'https://smd-chip.com/en/IC_specification_high-density-pcie-4-0-qlc-ssd-datasheet.html',
    kind: 'vendor-copy',
  },
  {
    id: 'bb-ssd-2023',
    title:
      'Backblaze SSD Edition 2023 mid-year drive stats (summary): Q1 2023 0.96%, Q2 2023 1.05%, lifetime 0.90%',
    url: 'https://nybreaking.com/good-news-ssds-arent-really-getting-any-less-reliable/amp',
    kind: 'secondary',
  },
  {
    id: 'flashgenius-storage',
    title:
      'FlashGenius NCP-AII guide - storage for AI (NVMe Gen4 ~7 GB/s, Gen5 ~14 GB/s per drive; DGX H100 local 8x3.84 TB ~50 GB/s)',
    url: 'https://flashgenius.net/guides/storage-systems-for-ai-workloads-ncp-aii-guide',
    kind: 'community',
  },
  {
    id: 'uptime-2023pue',
    title:
      'Uptime Institute Intelligence (Nov 2023) - industry average PUE 1.58 in 2023; 1.55-1.59 since ~2020',
    url: 'https://intelligence.uptimeinstitute.com/resource/large-data-centers-are-mostly-more-efficient-analysis-confirms',
    kind: 'vendor',
  },
  {
    id: 'statista-pue2024',
    title:
      'Statista via Google Dataset Search - 2024 Uptime survey: average annual PUE 1.56; Equinix 2023 1.42; Google ~1.1',
    url: 'https://datasetsearch.research.google.com/search?query=average+data+center+pue',
    kind: 'secondary',
  },
  {
    id: 'uptime-2024-report',
    title:
      'CloudNews summary of Uptime 2024 survey: new large facilities PUE <=1.3; avg rack density <8-10 kW; few racks >30 kW',
    url: 'https://cloudnews.tech/uptime-institute-highlights-decline-in-trust-in-ai-and-need-to-improve-sustainability-metrics-in-data-centers',
    kind: 'secondary',
  },
  {
    id: 'uptime-aircool',
    title:
      "Uptime Intelligence (May 2024) - Is this air cooling's last gasp? (air-cooled sites reporting PUE <=1.1)",
    url: 'https://intelligence.uptimeinstitute.com/resource/air-coolings-last-gasp',
    kind: 'vendor',
  },
  {
    id: 'vertiv-nvidia-dlc',
    title:
      'Vertiv/NVIDIA ASME study summary: 100% air -> 75% DLC cut facility power 18.1%, total 10.2%, PUE only 3.3%',
    url: 'https://www.conectronica.com/en/envelopes/air-conditioning-systems/quantifying-the-impact-on-pue-and-energy-consumption-when-introducing-liquid-cooling-in-an-air-cooled-data-center',
    kind: 'secondary',
  },
  {
    id: 'energies-2phase',
    title: 'Energies 2021, 14(5), 1395 - two-phase immersion system pPUE 1.037-1.053',
    url: 'https://mdpi.com/1996-1073/14/5/1395/xml',
    kind: 'secondary',
  },
  {
    id: 'asme-rdhx',
    title:
      'ASME IMECE2010 - Rear door heat exchanger: ~100% effective up to 27 kW/rack (rule of thumb)',
    url: 'https://asmedigitalcollection.asme.org/IMECE/proceedings-abstract/IMECE2010/44281/405/348463',
    kind: 'secondary',
  },
  {
    id: 'coolnet-rdhx',
    title:
      'Coolnetpower - RDHx capacity (HPE/Motivair doors 14-35, 35-55, 55-75 kW; common 20-40 kW)',
    url: 'https://www.coolnetpower.com/blog/how-much-heat-can-a-rear-door-heat-exchanger-remove/',
    kind: 'community',
  },
  {
    id: 'schneider-wp156',
    title:
      'Schneider Electric WP156 - Choosing the optimal data center power density (5-8 kW/rack; no savings above ~15 kW)',
    url: 'https://www.scribd.com/document/351259957/choosing-the-optimal-data-center-power-density-pdf',
    kind: 'vendor-copy',
  },
  {
    id: 'flashgenius-power',
    title:
      'FlashGenius NCP-AII guide - power & cooling (air ~25-30 kW/rack, DLC 50-120 kW, immersion 100+ kW)',
    url: 'https://flashgenius.net/guides/data-center-power-amp-cooling-for-ai-ncp-aii-guide',
    kind: 'community',
  },
  {
    id: 'techtarget-wue',
    title: 'TechTarget - WUE definition (The Green Grid): annual site water (L) / IT energy (kWh)',
    url: 'https://www.techtarget.com/searchdatacenter/definition/WUE-water-usage-effectiveness',
    kind: 'secondary',
  },
  {
    id: 'conv-ton',
    title: 'Unit conversion: 1 RT = 12,000 BTU/h = 3.5168525 kW; 1 W = 3.41214 BTU/h',
    url: 'https://www.pustudy.com/calculators/convert/power/ton-to-kw.html',
    kind: 'community',
  },
  {
    id: 'conv-ton2',
    title: 'Reference.com - 3.517 kW per ton of refrigeration; 1 ton ~ 12,000 BTU/h',
    url: 'https://www.reference.com/science/convert-kilowatts-tons-refrigeration-d7c48445fdd20bb4',
    kind: 'community',
  },
  {
    id: 'eia-5-6b',
    title:
      'EIA Electric Power Monthly Table 5.6.B - average price by sector and state, YTD July 2024 vs 2023',
    url: 'https://www.eia.gov/electricity/monthly/epm_table_grapher.php?t=epmt_5_06_b',
    kind: 'vendor',
  },
  {
    id: 'statista-eia-ind',
    title:
      'Statista (source EIA, Mar 2024) - US industrial retail electricity price 8.06 c/kWh in 2023, peak ~8.3 in 2022',
    url: 'https://www.statista.com/statistics/190680/us-industrial-consumer-price-estimates-for-retail-electricity-since-1970/',
    kind: 'secondary',
  },
  {
    id: 'eurostat-elec',
    title: 'Eurostat Statistics Explained - Electricity price statistics (data extracted Oct 2024)',
    url: 'https://round-lake.dustinice.workers.dev/https/ec.europa.eu/eurostat/statistics-explained/index.php?title=Electricity_price_statistics',
    kind: 'vendor',
  },
  {
    id: 'owid-ci',
    title:
      'Our World in Data - carbon intensity of electricity generation 2023 (Ember & Energy Institute), table view',
    url: 'https://ourworldindata.org/grapher/carbon-intensity-electricity?tab=table',
    kind: 'secondary',
  },
  {
    id: 'statista-ember',
    title:
      'Statista (source Ember, Jul 2024) - 2023 emission intensity: world 481, India 713, Norway 30 gCO2/kWh',
    url: 'https://statista.com/statistics/943137/global-emissions-intensity-power-sector-by-country',
    kind: 'secondary',
  },
  {
    id: 'emissionsdev',
    title:
      'emissions.dev API docs example - grid intensity factors (IS 15, NO 29, SE 35, FR 42, GB 217, DE 332, PL 592; year not stated)',
    url: 'https://emissions.dev/docs/api/electricity/grid',
    kind: 'community',
  },
  {
    id: 'cbre-h2-2024',
    title: 'CBRE North America Data Center Trends H2 2024 (26 Feb 2025)',
    url: 'https://www.cbre.com/insights/reports/north-america-data-center-trends-h2-2024',
    kind: 'vendor',
  },
  {
    id: 'cbre-pr-nova',
    title:
      'CBRE press release (6 Mar 2025) - Northern Virginia wholesale colocation $175-$225/kW-month',
    url: 'https://www.cbre.com/press-releases/north-american-data-center-construction-hit-new-heights-in-2024-amid-surging-demand-washington',
    kind: 'vendor',
  },
  {
    id: 'tt-dcci-2025-figs',
    title:
      'CRE Media Europe - T&T DCCI 2025-26 figures: Tokyo $15.2/W, Singapore $14.5, Zurich $14.2, Silicon Valley $13.3, London $12.0, Frankfurt $11.6',
    url: 'https://www.cremediaeurope.com/news/ai-boom-strains-data-centre-construction-costs-rise~0QkR7oHK/',
    kind: 'secondary',
  },
  {
    id: 'aws-cb-pricing',
    title:
      'Amazon EC2 Capacity Blocks for ML pricing (mirror of aws.amazon.com page; rates valid until 1 Jan 2025 update)',
    url: 'http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing',
    kind: 'vendor-copy',
  },
  {
    id: 'nextplatform-p5',
    title: 'The Next Platform (2023-07-27) - H100 GPU instance pricing on AWS',
    url: 'https://www.nextplatform.com/2023/07/27/h100-gpu-instance-pricing-on-aws-grin-and-bear-it/',
    kind: 'secondary',
  },
  {
    id: 'computespec-pricing',
    title:
      'ComputeSpec - Cloud GPU pricing explained (p5.48xlarge $98.32/hr = $12.29/GPU-hr; Lambda H100 $2.49/hr)',
    url: 'https://computespec.pages.dev/learn/pricing/cloud-gpu-pricing-explained',
    kind: 'community',
  },
  {
    id: 'usageai-aws-cut',
    title:
      'usage.ai (updated 30 Jun 2026) - AWS June 2025 GPU price reductions: P5 on-demand down up to 45%',
    url: 'https://www.usage.ai/blogs/aws/ai-ml-cost/llm-cost-optimization-aws/',
    kind: 'community',
  },
  {
    id: 'disinter-pricing',
    title:
      'Disintermediate - GPU cloud pricing models (Q1 2026): p5 1-yr reserved ~$52/hr; CoreWeave 8xH100 $22-28/hr on-demand, $14-18/hr long-term',
    url: 'https://disintermediate.global/insights/gpu-cloud-pricing-models',
    kind: 'community',
  },
  {
    id: 'awsneg-2026',
    title: 'AWS Negotiations (May 2026) - est. list: p5 ~$98.30/hr, p5e ~$107/hr',
    url: 'https://awsnegotiations.com/gpu-instance-cost-strategy.html',
    kind: 'community',
  },
  {
    id: 'techplained-8xh100',
    title:
      'Techplained (Apr 2026) - 8xH100: Lambda reserved $1.85/GPU-hr; RunPod $2.79; Vast spot $1.52',
    url: 'https://techplained.aptechsolutions.io/runpod-vs-vast-ai',
    kind: 'community',
  },
  {
    id: 'mercatus-2026',
    title: 'Mercatus (May 2026) - cloud GPU on-demand price ranges by provider tier',
    url: 'https://www.mercatus-ai.com/blog/cloud-gpu-pricing',
    kind: 'community',
  },
  {
    id: 'spheron-2026',
    title: 'Spheron (17 Mar 2026) - H200 $4.54/hr, B200 $6.03/hr, GB200 superchip $9.08/hr',
    url: 'https://www.spheron.network/blog/nvidia-h200-vs-b200-vs-gb200',
    kind: 'community',
  },
  {
    id: 'deploybase-runpod',
    title: 'DeployBase - RunPod H100 $2.69/hr, H200 $3.59/hr, B200 $5.98/hr',
    url: 'https://deploybase.ai/articles/b200-vs-h200-vs-h100',
    kind: 'community',
  },
  {
    id: 'lyceum-b200',
    title: 'Lyceum (11 Mar 2026) - B200 specialized-cloud on-demand $4.50-6.00/hr; spot from $2.25',
    url: 'https://lyceum.technology/magazine/nvidia-b200-gpu-cloud-pricing-2026/',
    kind: 'community',
  },
  {
    id: 'dcd-llama3',
    title:
      'DatacenterDynamics - Meta Llama 3 405B: 419 unexpected interruptions in 54 days on 16,384 H100 (GPU 30.1%, HBM3 17.2%)',
    url: 'https://direct.datacenterdynamics.com/en/news/meta-report-details-hundreds-of-gpu-and-hbm3-related-interruptions-to-llama-3-training-run',
    kind: 'secondary',
  },
  {
    id: 'gpuburn-114',
    title:
      'wilicc/gpu-burn issue #114 (2024-10-25): nvidia-smi on 8x H100 80GB HBM3 at 0 % utilisation shows 140-145 W of 700 W',
    url: 'https://github.com/wilicc/gpu-burn/issues/114',
    kind: 'community',
  },
  {
    id: 'eweek-fans',
    title:
      'eWeek (J. Neudorfer, 2009-03-05) - Server fans: fans can consume 10 to 15 percent or more of the total power drawn by the server',
    url: 'http://www.eweek.com/c/a/IT-Infrastructure/How-to-Optimize-the-Energy-Efficiency-of-Your-Server/2/',
    kind: 'secondary',
  },
  {
    id: 'intel-ark-8480',
    title:
      'Intel ARK - Xeon Platinum 8480+ / 8480C (56 cores, TDP 350 W) and Xeon Platinum 8570 (56 cores, TDP 350 W)',
    url: 'https://www.intel.com/content/www/us/en/products/details/processors/xeon/scalable/platinum.html',
    kind: 'vendor',
  },
  {
    id: 'amd-9374f',
    title: 'AMD EPYC 9374F product page (32 cores, default TDP 320 W)',
    url: 'https://www.amd.com/en/products/processors/server/epyc/4th-generation-9004-and-8004-series/amd-epyc-9374f.html',
    kind: 'vendor',
  },
  {
    id: 'nv-grace-superchip',
    title:
      'NVIDIA Grace CPU Superchip datasheet (144 Arm Neoverse V2 cores, 500 W module power including LPDDR5X memory)',
    url: 'https://www.nvidia.com/en-us/data-center/grace-cpu-superchip/',
    kind: 'vendor',
  },
  {
    id: 'heise-6776p',
    title:
      'heise online (2025-05) - Intel Xeon 6 6776P: the CPU NVIDIA uses in DGX B300 (2 per system; 64 cores, TDP 350 W, 8 DDR5 channels)',
    url: 'https://heise.de/-10395118',
    kind: 'secondary',
  },
  {
    id: 'mlperf-t51-nebius-b300',
    title:
      'MLCommons Training v5.1 system description Nebius B300 n1 (8x B300-SXM-270GB, 2x Xeon 6776P, 3.0 TB, 8x ConnectX-8 XDR 800G, B300 TGP 1100 W)',
    url: 'https://github.com/mlcommons/training_results_v5.1/blob/main/Nebius/systems/nebius_b300_n1.json',
    kind: 'vendor',
  },
  {
    id: 'mlperf-t51-smc-b300',
    title:
      'MLCommons Training v5.1 system description Supermicro SYS-822GS-NB3RT (8x B300, air-cooled, 2x Xeon 6787P 86 cores, 3.0 TB, 8x ConnectX-8 800G XDR, 8x 7.68 TB)',
    url: 'https://github.com/mlcommons/training_results_v5.1/blob/main/Supermicro/systems/SYS-822GS-NB3RT.json',
    kind: 'vendor',
  },
  {
    id: 'mlperf-t51-nvidia-gb300',
    title:
      'MLCommons Training v5.1 system description NVIDIA Theia (GB300 NVL72: 18 nodes of 4 GPUs + 2 Grace, 4x ConnectX-8 XDR 800G and 8x 3.5 TB NVMe E1.S per node)',
    url: 'https://github.com/mlcommons/training_results_v5.1/blob/main/NVIDIA/systems/theia_ngpu72_ngc25.09_nemo.json',
    kind: 'vendor',
  },
  {
    id: 'mlperf-t51-smc-gb300',
    title:
      'MLCommons Training v5.1 system description Supermicro SRS-GB300-NVL72-M1 (18x ARS-121GL-NB3, liquid-cooled; per tray 4x ConnectX-8 XDR800, 1x BlueField-3 B3240, 960 GB LPDDR5X, 1x 1.92 TB + 8x 3.84 TB)',
    url: 'https://github.com/mlcommons/training_results_v5.1/blob/main/Supermicro/systems/ARS-121GL-NB3.json',
    kind: 'vendor',
  },
  {
    id: 'mlperf-i51-smc-mi325x',
    title:
      'MLCommons Inference v5.1 system description Supermicro AS-8126GS-TNMR (8x MI325X, air-cooled, 2x EPYC 9575F 64 cores, 24x 128 GB = 3 TiB, 8 NICs 400G Ethernet)',
    url: 'https://github.com/mlcommons/inference_results_v5.1/blob/main/closed/Supermicro/systems/8xMI325X_2xEPYC_9575F.json',
    kind: 'vendor',
  },
  {
    id: 'netbox-as8125gs-tnmr2',
    title:
      'NetBox device-type library - Supermicro AS-8125GS-TNMR2 (8U AMD Instinct 8-GPU A+ server, 6x 3,000 W PSUs, 8x Broadcom BCM57608 400GbE GPU-fabric NICs listed for MI325X)',
    url: 'https://github.com/netbox-community/devicetype-library/blob/master/device-types/Supermicro/AS-8125GS-TNMR2.yml',
    kind: 'community',
  },
  {
    id: 'mlperf-t51-smc-mi355x',
    title:
      'MLCommons Training v5.1 system description Supermicro AS-4126GS-NMR-LCC (8x MI355X, DLC, 2x EPYC 9575F, 24x 128 GB = 3 TB, 30.72 TB)',
    url: 'https://github.com/mlcommons/training_results_v5.1/blob/main/Supermicro/systems/8xMI355X_2xEPYC_9575F.json',
    kind: 'vendor',
  },
  {
    id: 'netbox-as4126gs-nmr-lcc',
    title:
      'NetBox device-type library - Supermicro AS-4126GS-NMR-LCC (4U liquid-cooled, 8x MI325X/MI355X, 4x 6,600 W PSUs, 53 kg)',
    url: 'https://github.com/netbox-community/devicetype-library/blob/master/device-types/Supermicro/AS-4126GS-NMR-LCC.yml',
    kind: 'community',
  },
  {
    id: 'mlperf-t30-gaudi2',
    title:
      'MLCommons Training v3.0 system description Intel-HabanaLabs HLS-Gaudi2 (8x Gaudi2 96 GB, 24x 100GbE on chip, 2x Xeon Platinum 8380 40 cores, 1 TB DDR4-3200, 2x ConnectX-5 Ex 100GbE host NICs, air-cooled)',
    url: 'https://github.com/mlcommons/training_results_v3.0/blob/main/Intel-HabanaLabs/systems/HLS-Gaudi2-PT.json',
    kind: 'vendor',
  },
  {
    id: 'habana-netcfg',
    title:
      'Intel Gaudi documentation - Network Configuration (Gaudi 3: 21 scale-up + 3 scale-out ports at 200 Gb/s, scale-out ports bundled in OSFP links; Gaudi 2 the same at 100 Gb/s)',
    url: 'https://docs.habana.ai/en/latest/Management_and_Monitoring/Network_Configuration/index.html',
    kind: 'vendor',
  },
  {
    id: 'habana-gaudi2-net',
    title:
      'Habana (Intel) - Gaudi2 networking: 24x 100GbE per Gaudi2, 2.4 Tb scale-out per server, 16 servers per 3x 400G switches',
    url: 'https://habana.ai/products/networking/',
    kind: 'vendor',
  },
  {
    id: 'smc-x12-gaudi',
    title:
      'Supermicro - X12 Gaudi AI Training System SYS-420GH-TNGR (8 Gaudi HL-205, 24x 100GbE RDMA out through 6 QSFP-DDs)',
    url: 'https://www.supermicro.org.cn/zh_cn/solutions/habana-gaudi',
    kind: 'vendor',
  },
  {
    id: 'hn-nextplatform-gaudi3',
    title:
      'Hacker News thread 39981646 (read via the mirror hn.masterscheme.cn) quoting The Next Platform (2024-04-09) on Gaudi 3 nodes: retimers to six 800 Gb/s OSFP ports per system board, 21 of 24 ports all-to-all',
    url: 'https://news.ycombinator.com/item?id=39981646',
    kind: 'community',
  },
  {
    id: 'mlperf-i51-dell-l40s',
    title:
      'MLCommons Inference v5.1 system description Dell PowerEdge XE7740 (8x L40S, air-cooled, 2x Xeon 6787P 86 cores, 32x 64 GB = 2 TB, 14.5 TB)',
    url: 'https://github.com/mlcommons/inference_results_v5.1/blob/main/closed/Dell/systems/XE7740_L40S_PCIe_48GBx8_TRT.json',
    kind: 'vendor',
  },
  {
    id: 'mlperf-i51-hpe-rtxpro',
    title:
      'MLCommons Inference v5.1 system description HPE ProLiant Compute DL380a Gen12 (8x RTX PRO 6000 Blackwell Server Edition, air-cooled, 2x Xeon 6787P, 2,048 GB, 400GbE)',
    url: 'https://github.com/mlcommons/inference_results_v5.1/blob/main/closed/HPE/systems/HPE_PROLIANT_DL380A_RTX_PRO_6000_PCIE_96GBx8_TRT_TRT.json',
    kind: 'vendor',
  },
  {
    id: 'sth-mgx-cx8',
    title:
      'ServeTheHome (2025-05) - NVIDIA MGX PCIe Switch Board with ConnectX-8 for 8x PCIe GPU servers (four 800 Gb/s ConnectX-8, two GPU slots per NIC, ninth slot for a BlueField-3)',
    url: 'https://www.servethehome.com/this-is-the-nvidia-mgx-pcie-switch-board-with-connectx-8-for-8x-pcie-gpu-servers/',
    kind: 'secondary',
  },
  {
    id: 'mlperf-i51-smc-b200-lcc',
    title:
      'MLCommons Inference v5.1 system description Supermicro SYS-422GS-NBRT-LCC (8x B200-SXM-180GB, liquid-cooled, 2x Xeon 6787P, 32x 128 GB = 4 TB, 8x 400G InfiniBand, 16 TB)',
    url: 'https://github.com/mlcommons/inference_results_v5.1/blob/main/closed/Supermicro/systems/SYS-422GS-NBRT-LCC_B200-SXM-180GBx8_TRT.json',
    kind: 'vendor',
  },
  {
    id: 'pcnews-dgxa100',
    title:
      'pcnews.ru (2020-05) on the DGX A100 documentation: 6,500 W maximum, six 3 kW PSUs (half redundant), 2x 64-core EPYC 7742, up to 2 TB RAM, 123 kg',
    url: 'https://pcnews.ru/news/vycislitelnaa_sistema_nvidia_dgx_a100_ampere_osnasaetsa_sestu_blokami_pitania_po_3_kvt-985106.html',
    kind: 'secondary',
  },
  {
    id: 'ornn-b200-b300',
    title:
      'Ornn (2026) - NVIDIA B200 vs B300: on-demand B300 $5.00-7.25/GPU-h (neocloud range), B300 module ~$53k OEM, GB300 NVL72 rack ~$3.7-5.0M+',
    url: 'https://www.ornnai.com/research/nvidia-b200-vs-b300-why-use-one-instead-of-the-other',
    kind: 'secondary',
  },
  {
    id: 'awesome-gb300',
    title: 'AwesomeAgents - NVIDIA GB300 NVL72 (estimated $3-4 million per rack, 1,400 W per GPU)',
    url: 'https://awesomeagents.ai/hardware/nvidia-gb300-nvl72',
    kind: 'community',
  },
  {
    id: 'cliff-amd-2026',
    title:
      'Cliff Center research note (2026-05-18) - AMD inference economics (TensorWave MI325X $1.95/GPU-h, MI300X $1.50)',
    url: 'https://www.cliffcenter.com/research/amd-inference-economics',
    kind: 'community',
  },
  {
    id: 'modal-l40s',
    title:
      'Modal (2025-08-12) - L40S cloud pricing by provider (AWS g6e $1.861/h on-demand, CoreWeave $2.25, Vultr $1.67, RunPod $0.86)',
    url: 'https://modal.com/blog/nvidia-l40s-price-article',
    kind: 'secondary',
  },
  {
    id: 'deploybase-runpod-2026',
    title:
      'Deploybase (2026-03-10) - RunPod GPU pricing: RTX PRO 6000 96 GB $1.57/h on-demand ($0.89 spot), L40S $1.40/h on-demand',
    url: 'https://deploybase.ai/articles/runpod-gpu-pricing',
    kind: 'community',
  },
  {
    id: 'amd-9575f',
    title: 'AMD EPYC 9575F product page (64 cores, default TDP 400 W)',
    url: 'https://www.amd.com/en/products/processors/server/epyc/9005-series/amd-epyc-9575f.html',
    kind: 'vendor',
  },
  {
    id: 'intel-ark-8380',
    title: 'Intel ARK - Xeon Platinum 8380 (40 cores, TDP 270 W)',
    url: 'https://www.intel.com/content/www/us/en/products/sku/212287/intel-xeon-platinum-8380-processor-60m-cache-2-30-ghz/specifications.html',
    kind: 'vendor',
  },
  {
    id: 'intel-ark-6787p',
    title: 'Intel ARK - Xeon 6787P (86 cores, TDP 350 W)',
    url: 'https://www.intel.com/content/www/us/en/products/details/processors/xeon/xeon6-p-cores.html',
    kind: 'vendor',
  },
  {
    id: 'nv-mms4x00ns400',
    title:
      'NVIDIA MMS4X00-NS400 400G single-port OSFP DR4 (9 W at 400G; 5 W maximum in 200G NDR200 mode on a 1:2 splitter)',
    url: 'https://docs.nvidia.com/networking/display/mms4x00ns400/overview',
    kind: 'vendor',
  },
  {
    id: 'planning-estimate',
    title:
      'ClusterPlan planning estimate: no public source found for this number; an engineering estimate stated with its reasoning in the note (soft)',
    url: '',
    kind: 'estimate',
  },
];
