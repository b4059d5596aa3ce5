package org.roost.social.activitypub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.roost.platform.origin.PublicOrigin;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;

/** {@code roost.federation.enabled}: unset, it follows whether {@code roost.public-url} is set; set, it decides. */
class FederationSwitchTest {

    static PublicOrigin origin(boolean publicUrlSet) {
        PublicOrigin origin = mock(PublicOrigin.class);
        when(origin.isPublicUrlSet()).thenReturn(publicUrlSet);
        return origin;
    }

    @Test
    void unsetItIsOnExactlyWhereThePublicUrlIsSet() {
        assertThat(new FederationSwitch(new ActivityPubProperties(null), origin(true)).enabled()).isTrue();
        assertThat(new FederationSwitch(new ActivityPubProperties(null), origin(false)).enabled()).isFalse();
    }

    @Test
    void setItDecidesWhateverThePublicUrl() {
        assertThat(new FederationSwitch(new ActivityPubProperties(true), origin(false)).enabled()).isTrue();
        assertThat(new FederationSwitch(new ActivityPubProperties(false), origin(true)).enabled()).isFalse();
    }

    @Test
    void offEveryDoorIsNotFound() {
        FederationSwitch off = new FederationSwitch(new ActivityPubProperties(false), origin(true));

        assertThatThrownBy(off::requireEnabled).isInstanceOfSatisfying(ApiException.class,
                refused -> assertThat(refused.code()).isEqualTo(ErrorCode.NOT_FOUND));
    }
}
