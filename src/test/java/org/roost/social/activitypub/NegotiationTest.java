package org.roost.social.activitypub;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which answer each {@code Accept} gets on an ActivityPub URL: what servers and browsers actually send. */
class NegotiationTest {

    @Test
    void serversGetJsonLdInTheTypeTheyNamed() {
        // Mastodon's and Fedify's fetches
        assertThat(Negotiation.of("application/activity+json, application/ld+json")).isEqualTo(Negotiation.ACTIVITY_JSON);
        assertThat(Negotiation.of("application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\""))
                .isEqualTo(Negotiation.LD_JSON);
        assertThat(Negotiation.of("application/ld+json;q=1, application/activity+json;q=0.5")).isEqualTo(Negotiation.LD_JSON);
    }

    @Test
    void browsersGetThePageUnlessTheyPreferJsonLd() {
        assertThat(Negotiation.of("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))
                .isEqualTo(Negotiation.HTML);
        assertThat(Negotiation.of("text/html;q=0.5, application/activity+json")).isEqualTo(Negotiation.ACTIVITY_JSON);
        assertThat(Negotiation.of("text/html, application/activity+json")).as("a tie goes to JSON-LD")
                .isEqualTo(Negotiation.ACTIVITY_JSON);
    }

    @Test
    void noPreferenceOrAnUnreadableHeaderGetsActivityJson() {
        assertThat(Negotiation.of(null)).isEqualTo(Negotiation.ACTIVITY_JSON);
        assertThat(Negotiation.of("*/*")).isEqualTo(Negotiation.ACTIVITY_JSON);
        assertThat(Negotiation.of("application/json")).isEqualTo(Negotiation.ACTIVITY_JSON);
        assertThat(Negotiation.of("not a media type;;")).isEqualTo(Negotiation.ACTIVITY_JSON);
        assertThat(Negotiation.of("text/html;q=0")).as("refused, not asked for").isEqualTo(Negotiation.ACTIVITY_JSON);
    }
}
