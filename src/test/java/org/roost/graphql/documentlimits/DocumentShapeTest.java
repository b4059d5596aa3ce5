package org.roost.graphql.documentlimits;

import java.time.Duration;

import graphql.language.Field;
import graphql.parser.Parser;
import org.roost.graphql.GraphQlSettings;
import org.roost.graphql.HostileDocumentsTest;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class DocumentShapeTest {

    private static final GraphQlSettings SETTINGS = new GraphQlSettings(DataSize.ofKilobytes(16), 8, 5000, 15, 1000,
            Duration.ofSeconds(3), DataSize.ofMegabytes(5), true, false, 10, 10, Duration.ofSeconds(30), Duration.ofMinutes(30),
            Duration.ofSeconds(10), Duration.ofSeconds(25), new GraphQlSettings.SubscriptionCaps(100, 200, 1000, 10000));

    @Test
    void refusesAFanOutOfFortyLevelsAtOnce() {
        // given: 2^40 fields once expanded
        var document = Parser.parse(HostileDocumentsTest.fanOut(40, 2));

        // when
        var refusal = DocumentShape.check(document, SETTINGS);

        // then
        assertThat(refusal).hasValueSatisfying(r -> assertThat(r.message()).contains("more than 1000 fields"));
    }

    @Test
    void acceptsAFanOutThatStaysWithinTheFieldLimit() {
        // given: 2^8 = 256 fields for the operation, 511 for the fragments themselves
        var document = Parser.parse(HostileDocumentsTest.fanOut(9, 2));

        // when
        var refusal = DocumentShape.check(document, SETTINGS);

        // then
        assertThat(refusal).isEmpty();
    }

    @Test
    void countsTheFieldsOfUnusedFragmentsToo() {
        // given: validation visits every fragment, used or not
        var document = Parser.parse("{ __typename } " + HostileDocumentsTest.fanOut(12, 2).replace("query { ...F0 }", ""));

        // when
        var refusal = DocumentShape.check(document, SETTINGS);

        // then
        assertThat(refusal).isPresent();
    }

    @Test
    void pointsAtTheFieldThatCrossesTheDepthLimitThroughAFragment() {
        // given
        var document = Parser.parse("""
                { me { ...F } }
                fragment F on User { followers { followers { followers { followers { followers { followers {
                  followers { id } } } } } } } }""");

        // when
        var refusal = DocumentShape.check(document, SETTINGS);

        // then
        assertThat(refusal).hasValueSatisfying(r -> {
            assertThat(r.message()).contains("deeper than 8");
            assertThat(r.where()).isInstanceOfSatisfying(Field.class, field -> assertThat(field.getName()).isEqualTo("id"));
            assertThat(r.where().getSourceLocation().getLine()).isEqualTo(3);
        });
    }

    @Test
    void countsAliasesOnceForEverySpreadOfTheirFragment() {
        // given: 4 aliases in a fragment spread 4 times
        var document = Parser.parse("{ ...A ...A2 ...A3 ...A4 } fragment A on Query { a: me { id } b: me { id } c: me { id } d: me { id } }"
                + " fragment A2 on Query { ...A } fragment A3 on Query { ...A } fragment A4 on Query { ...A }");

        // when
        var refusal = DocumentShape.check(document, SETTINGS);

        // then
        assertThat(refusal).hasValueSatisfying(r -> assertThat(r.message()).contains("aliases"));
    }

    @Test
    void refusesACycleWithoutLooping() {
        // given
        var document = Parser.parse("{ ...A } fragment A on Query { ...B __typename } fragment B on Query { ...A }");

        // when
        var refusal = DocumentShape.check(document, SETTINGS);

        // then
        assertThat(refusal).hasValueSatisfying(r -> assertThat(r.message()).contains("spreads itself"));
    }
}
