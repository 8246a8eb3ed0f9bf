import type { OperationExample } from './types';

/** Worked examples of video templates, template hooks and article copy (what an image leads on to). */
export const downstreamExamples: Record<string, OperationExample> = {
  "GET /video-templates": {
    "query": {
      "source": "all"
    },
    "response": {
      "ok": true,
      "templates": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "description": "适合电商新品发布的竖版海报",
          "category": "电商",
          "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "seller": "茶小铺",
          "visibility": "private",
          "active": true,
          "gated": true,
          "source": "mine",
          "locked": true,
          "prompt_template": "为{product}设计一张简洁的新品海报",
          "fields": [
            {
              "key": "product",
              "label": "产品名",
              "type": "text",
              "placeholder": "例如：桂花乌龙茶",
              "help": "写产品的名字，不超过 20 个字",
              "required": true,
              "default": "桂花乌龙茶"
            }
          ],
          "sample_cover_image": "https://studio.example.com/files/t/cover.png",
          "sample_video_url": "https://example.com/sample_video_url",
          "generation_configs": [
            {
              "ratio": "1:1",
              "duration": 1
            }
          ],
          "created_at": "2026-11-24T08:00:00.000Z",
          "updated_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /video-templates": {
    "body": {
      "zh_name": "产品旋转展示",
      "prompt_template": "{product}在白色转台上缓慢旋转",
      "generation_configs": [
        {
          "ratio": "9:16",
          "duration": 5
        }
      ]
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "茶小铺",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "prompt_template": "为{product}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "桂花乌龙茶"
          }
        ],
        "sample_cover_image": "https://studio.example.com/files/t/cover.png",
        "sample_video_url": "https://example.com/sample_video_url",
        "generation_configs": [
          {
            "ratio": "1:1",
            "duration": 1
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "PATCH /video-templates": {
    "body": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "active": false
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "茶小铺",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "prompt_template": "为{product}设计一张简洁的新品海报",
        "fields": [
          {
            "key": "product",
            "label": "产品名",
            "type": "text",
            "placeholder": "例如：桂花乌龙茶",
            "help": "写产品的名字，不超过 20 个字",
            "required": true,
            "default": "桂花乌龙茶"
          }
        ],
        "sample_cover_image": "https://studio.example.com/files/t/cover.png",
        "sample_video_url": "https://example.com/sample_video_url",
        "generation_configs": [
          {
            "ratio": "1:1",
            "duration": 1
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "GET /template-hooks": {
    "query": {
      "image_template_slug": "poster-classic"
    },
    "response": {
      "ok": true,
      "hooks": [
        {
          "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "image_template_slug": "poster-classic",
          "hook_type": "article",
          "hook_template_slug": "product-copy",
          "enabled": true,
          "note": "十一月充值",
          "created_at": "2026-11-24T08:00:00.000Z",
          "updated_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /template-hooks": {
    "body": {
      "image_template_slug": "poster-classic",
      "hook_type": "article",
      "hook_template_slug": "product-copy"
    },
    "response": {
      "ok": true,
      "created": true,
      "hook": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "image_template_slug": "poster-classic",
        "hook_type": "article",
        "hook_template_slug": "product-copy",
        "enabled": true,
        "note": "十一月充值",
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "PATCH /template-hooks": {
    "body": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "enabled": false
    },
    "response": {
      "ok": true,
      "hook": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "image_template_slug": "poster-classic",
        "hook_type": "article",
        "hook_template_slug": "product-copy",
        "enabled": true,
        "note": "十一月充值",
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "DELETE /template-hooks": {
    "query": {
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10"
    },
    "response": {
      "ok": true,
      "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
      "deleted": true
    }
  },
  "POST /article": {
    "body": {
      "template_slug": "product-copy",
      "input": {
        "product": "桂花乌龙茶"
      }
    },
    "response": {
      "ok": true,
      "template_slug": "poster-classic",
      "format": "xiaohongshu",
      "title": "新品上市",
      "body": "秋天的第一杯桂花乌龙，清香回甘。",
      "hashtags": [
        "#桂花乌龙"
      ],
      "credits": 5000
    }
  }
};
