import type { siteEndpoints } from '@contract/site'
import type { Handlers, IdsOf } from '@server/handlers'
import * as settings from './service'
import * as mail from './mail.service'
import * as setup from './setup.service'

// site.publicFile is served by the shared domain: it needs catalogue's release-image rule, and catalogue
// already builds on site-setup (images, short-link host), so answering it here would make a cycle.
export const siteSetupHandlers: Handlers<Exclude<IdsOf<typeof siteEndpoints>, 'site.publicFile'>> = {
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

}
