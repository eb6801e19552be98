import type { authEndpoints } from '@contract/auth'
import type { Handlers, IdsOf } from '@server/handlers'
import * as auth from './service'

export const authHandlers: Handlers<IdsOf<typeof authEndpoints>> = {
  'auth.login': ({ ctx, body }) => auth.login(ctx, body),
  'auth.logout': ({ ctx }) => auth.logout(ctx),
  'auth.register': ({ ctx, body }) => auth.register(ctx, body),
  'auth.registerGoogle': ({ ctx, body }) => auth.registerGoogle(ctx, body),
  'auth.loginGoogle': ({ ctx, body }) => auth.loginGoogle(ctx, body),
  'auth.usernameAvailability': ({ ctx, body }) => auth.availability(ctx, { username: body.username, tenant: body.tenant }),
  'auth.emailAvailability': ({ ctx, body }) => auth.availability(ctx, { email: body.email, tenant: body.tenant }),
  'auth.verifyLogin': ({ ctx, body }) => auth.verifyLogin(ctx, body),
  'auth.verifyEmail': ({ ctx, body }) => auth.verifyEmail(ctx, body),
  'auth.sendEmailVerification': ({ ctx }) => auth.sendEmailVerification(ctx),
  'auth.me': ({ ctx }) => auth.me(ctx),
  'auth.recover': ({ ctx, body }) => auth.recover(ctx, body),
  'auth.recoverSubmit': ({ ctx, body }) => auth.recoverSubmit(ctx, body),
  'auth.recoverCheck': ({ ctx, body }) => auth.recoverCheck(ctx, body),
  'auth.initComplete': ({ ctx }) => auth.setInitComplete(ctx),
  'auth.initCompleteLater': ({ ctx }) => auth.deferInit(ctx),
  'auth.resendAuthCode': ({ ctx, body }) => auth.resendAuthCode(ctx, body),
  'auth.captcha': ({ ctx, body }) => auth.verifyCaptcha(ctx, body),
  'auth.readChangelog': ({ ctx }) => auth.readChangelog(ctx),
  'auth.applyPromotionalCode': ({ ctx, body }) => auth.applyPromotionalCode(ctx, body),
  'auth.activeSessions': ({ ctx }) => auth.activeSessions(ctx),
  'auth.revokeSession': ({ ctx, params }) => auth.revokeOwnSession(ctx, params.id),
  'auth.loginHistory': ({ ctx }) => auth.ownLoginHistory(ctx),
  'auth.continueAsCollaborator': ({ ctx, body }) => auth.continueAsCollaborator(ctx, body),
  'auth.inviteVerify': ({ ctx, body }) => auth.inviteVerify(ctx, body),
  'auth.inviteAccept': ({ ctx, body }) => auth.inviteAccept(ctx, body),
  'auth.stepUpOtpSend': ({ ctx }) => auth.sendStepUpCode(ctx),
  'auth.twoFactor': ({ ctx, body }) => auth.setTwoFactor(ctx, body),
}
