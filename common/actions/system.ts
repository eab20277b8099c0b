/** The process's own figures for operators (issue 32, ADR 0036): admins only. */
import { z } from '../zod';
import type { MemoryView } from '../views/system';
import { contract, returns } from './contract';

export const systemActions = {
  memory: contract({
    name: 'system.memory',
    method: 'GET',
    path: '/api/admin/system/memory',
    input: z.object({}),
    output: returns<MemoryView>(),
    summary: 'This process’s memory (resident set, V8 heap, outside the heap) and each in-process cache’s entries, bytes and budget. Admins.',
  }),
};
