package org.roost.social.activitypub;

import org.roost.support.ServerOnH2;

@ServerOnH2
class InboxOnH2Test extends InboxContract {
}
