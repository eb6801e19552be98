import type { siteEndpoints } from '@contract/site'
import type { Handlers, IdsOf } from '@server/handlers'
import * as settings from './service'
import * as mail from './mail.service'
import * as setup from './setup.service'

export const siteSetupHandlers: Handlers<IdsOf<typeof siteEndpoints>> = {
  'site.settings': ({ ctx }) => settings.getSettings(ctx),
  'site.saveSettings': ({ ctx, body }) => settings.saveGeneral(ctx, body),
  'site.saveTheme': ({ ctx, body }) => settings.saveTheme(ctx, body),
  'site.saveLogo': ({ ctx, body }) => settings.saveLogo(ctx, body),
  'site.saveColors': ({ ctx, body }) => settings.saveColors(ctx, body),
  'site.saveAddress': ({ ctx, body }) => settings.saveAddress(ctx, body),
  'site.saveSupportEmail': ({ ctx, body }) => settings.saveSupportEmail(ctx, body),

  'site.mail': ({ ctx }) => mail.getMail(ctx),
  'site.saveMail': ({ ctx, body }) => mail.saveMail(ctx, body),
  'site.saveSmtp': ({ ctx, body }) => mail.saveSmtp(ctx, body),
  'site.testSmtp': ({ ctx, body }) => mail.testSmtp(ctx, body),
  'site.dnsRecords': ({ ctx }) => mail.getDnsRecords(ctx),
  'site.generateDns': ({ ctx, body }) => mail.generateDns(ctx, body),
  'site.verifyDns': ({ ctx }) => mail.verifyDns(ctx),
  'site.dnsStatus': ({ ctx }) => mail.dnsStatus(ctx),

  'site.initial': ({ ctx }) => setup.initialSettings(ctx),
  'site.signAgreement': ({ ctx, body }) => setup.signAgreement(ctx, body),
  'site.wallet': ({ ctx }) => setup.wallet(ctx),

  'site.menus': ({ ctx }) => settings.getMenu(ctx),
  'site.saveMenus': ({ ctx, body }) => settings.saveMenu(ctx, body),

  'site.loginSlides': ({ ctx }) => settings.listSlides(ctx),
  'site.createLoginSlide': ({ ctx, body }) => settings.createSlide(ctx, body),
  'site.updateLoginSlide': ({ ctx, params, body }) => settings.updateSlide(ctx, params.id, body),
  'site.deleteLoginSlide': ({ ctx, query }) => settings.deleteSlide(ctx, query.id),
  'site.orderLoginSlides': ({ ctx, body }) => settings.orderSlides(ctx, body),
  'site.loginSlideVisibility': ({ ctx, body }) => settings.setSlideVisibility(ctx, body),

  'site.publicFile': ({ ctx, params }) => settings.servePublicFile(ctx, params.id),
}
