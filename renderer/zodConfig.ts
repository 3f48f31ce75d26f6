import { z } from 'zod';

// zod's JIT probes `new Function`, which the CSP forbids. This module is imported first by
// main.tsx so the setting is in force before any module (the catalog) parses data at load.
z.config({ jitless: true });
