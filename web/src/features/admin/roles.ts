import type { Role } from '@capshelf/contract';
import { roleLabel } from '../../pages/profile/labels';

export const roleOptions = (['user', 'admin'] as const satisfies readonly Role[]).map((value) => ({
  value,
  label: roleLabel(value),
}));
