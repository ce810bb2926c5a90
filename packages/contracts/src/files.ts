import { z } from 'zod';

// POST /api/uploads/presign/
export const presignUploadRequest = z.object({
  filename: z.string().trim().min(1, 'File name is required.').max(255),
  contentType: z.string().trim().min(1).max(255),
});
export const presignUploadResponse = z.object({
  url: z.string(),
  key: z.string(),
  contentType: z.string(),
  headers: z.record(z.string(), z.string()),
});
