import { z } from 'zod'
import { endpoint } from './define'
import { ok } from './common'

export const FEEDBACK_SEVERITIES = ['info', 'low', 'medium', 'high'] as const

export const dashboardEndpoints = {
  'dashboard.feedback': endpoint({
    method: 'POST',
    path: 'dashboard/feedback',
    access: 'auth',
    summary: "Feedback from the beta banner: message, severity and the page it was sent from; the workspace's admins are notified",
    status: 201,
    body: z.object({
      message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is too long'),
      severity: z.enum(FEEDBACK_SEVERITIES).default('info'),
      page: z.string().trim().min(1).max(2000),
    }),
    response: ok,
  }),
} as const
