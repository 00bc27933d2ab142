import type { Role } from '@capshelf/contract';
import { roleLabel } from '../../pages/profile/labels';

const roles = ['user', 'admin'] as const satisfies readonly Role[];

/** The role choices, labelled in the page's current language. */
export const roleOptions = () => roles.map((value) => ({ value, label: roleLabel(value) }));
