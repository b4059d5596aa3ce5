package org.roost.platform.openapi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What an operation answers, beside its controller method: the success status and the refusals it can give, all with
 * the one error body. Its id, summary and tag are springdoc's {@code @Operation}; this says what springdoc cannot
 * infer (a {@code ResponseEntity}'s status, the errors). Every operation may also answer 400, 401, 406, 429, 501 and 503,
 * and one with a body 413 and 415 ({@link OpenApiResponses}); an operation without this annotation answers 200 or
 * the status springdoc inferred, with 400, 401, 403 and 404.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Outcomes {

    /** The success status. */
    String success() default "200";

    /** The refusals this operation can give, as statuses. */
    String[] errors() default { "400", "401", "403", "404" };

    /** The operation takes no credential at all (no security requirement in the document). */
    boolean open() default false;

    /** Media types of a binary success body (an image), in place of the inferred one. */
    String[] binary() default {};

    /**
     * Rules a request must meet that no schema can express: a {@code VALIDATION_ERROR} naming one of these fields can
     * answer a request that matches the schema ({@code x-validated-beyond-schema}).
     */
    Rule[] beyondSchema() default {};

    /** One field's rule beyond the schema; {@link SchemaRules} has the ones several operations share. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface Rule {

        String field();

        String rule();
    }
}
