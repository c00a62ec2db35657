import { z } from 'zod';

/* GET /api/users's query is in src/shared/api/users.ts, with the answers. */

export const userIdParams = z.object({ id: z.string().min(1) });
