import type { ComponentProps } from 'react'
import { deferred } from '@client/ui/dialogs/deferred'
import type { InviteDialogProps } from './InviteDialog'
import type { ImportUsersDialog as ImportUsersDialogType } from './ImportUsersDialog'
import type { EditAdminDialog as EditAdminDialogType } from './EditAdminDialog'

// The account lists' dialogs, each fetched when first opened (or once the browser is idle after the
// first list): they are not part of the list's first paint (src/client/ui/dialogs/deferred.tsx).
export const InviteDialog = deferred<InviteDialogProps>(
  () => import('./InviteDialog').then((module) => module.InviteDialog),
  (props) => props.open,
)
export const ImportUsersDialog = deferred<ComponentProps<typeof ImportUsersDialogType>>(
  () => import('./ImportUsersDialog').then((module) => module.ImportUsersDialog),
  (props) => props.open,
)
export const EditAdminDialog = deferred<ComponentProps<typeof EditAdminDialogType>>(
  () => import('./EditAdminDialog').then((module) => module.EditAdminDialog),
  (props) => props.adminId !== null,
)
