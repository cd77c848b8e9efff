// What the discussion pages share: the category list, the 'Please login first' prompt, and the signed-in user's
// rights over a discussion (as the server decides them: edit by the author, delete by the author or an admin).
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import type { Discussion, DiscussionCategory } from '@oj/proto';
import { ignoreRefusal } from '../../lib/api';
import { isAdmin, isLoggedIn, sessionState } from '../../stores/session';
import { openLoginDialog, showToast } from '../../stores/ui';
import { getCategories } from './discussion-api';

/** The categories, loaded once per page (the super admin's edits replace them). */
export function useCategories(): [DiscussionCategory[], (list: DiscussionCategory[]) => void] {
  const [categories, setCategories] = useState<DiscussionCategory[]>([]);
  useEffect(() => void getCategories().then(setCategories, ignoreRefusal), []);
  return [categories, setCategories];
}

/** Asks to log in (the spec's 'Please login first' and the login dialog) unless signed in; whether signed in. */
export function useLoginFirst(): () => boolean {
  const intl = useIntl();
  const session = useSnapshot(sessionState);
  return () => {
    if (isLoggedIn(session)) return true;
    showToast('warning', intl.formatMessage({ id: 'error.AUTH_NOT_LOGGED_IN' }));
    openLoginDialog('login');
    return false;
  };
}

/** What the signed-in user may do with a discussion: edit (the author), delete (the author or an admin). */
export function useDiscussionRights(d: Pick<Discussion, 'uid'> | null): { edit: boolean; remove: boolean } {
  const session = useSnapshot(sessionState);
  const mine = d !== null && session.user?.uid === d.uid;
  return { edit: mine, remove: mine || (d !== null && isAdmin(session)) };
}
