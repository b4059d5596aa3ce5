package org.roost.social.activitypub;

import org.roost.support.ServerOnH2;

@ServerOnH2
class ActivityPubOnH2Test extends ActivityPubContract {
}
