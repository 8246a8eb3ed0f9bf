import type { OperationExample } from './types';

/** Worked examples of skills and the image and article template store. */
export const templatesExamples: Record<string, OperationExample> = {
  "GET /skills": {
    "response": {
      "ok": true,
      "skills": [
        {
          "slug": "poster-classic",
          "zh_name": "新品海报",
          "description": "适合电商新品发布的竖版海报",
          "ratio": "1:1",
          "genre": "poster",
          "ref_required": true,
          "thumb": "https://studio.example.com/files/samples/poster-classic-thumb.png",
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
          ]
        }
      ]
    }
  },
  "GET /templates": {
    "query": {
      "type": "image",
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
          "domain": "餐饮",
          "type": "image",
          "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
          "seller": "茶小铺",
          "visibility": "private",
          "active": true,
          "gated": true,
          "source": "mine",
          "locked": true,
          "ratio": "1:1",
          "sample_images": [
            "https://studio.example.com/files/samples/poster-classic.png"
          ],
          "template_type": "poster",
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
          "format": "xiaohongshu",
          "generation_configs": [
            {
              "default_reference_images": []
            }
          ],
          "created_at": "2026-11-24T08:00:00.000Z",
          "updated_at": "2026-11-24T08:00:00.000Z"
        }
      ]
    }
  },
  "POST /templates": {
    "body": {
      "type": "image",
      "zh_name": "新品海报",
      "prompt_template": "为{product}设计一张简洁的新品海报",
      "ratio": "1:1"
    },
    "response": {
      "ok": true,
      "template": {
        "id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "slug": "poster-classic",
        "zh_name": "新品海报",
        "description": "适合电商新品发布的竖版海报",
        "category": "电商",
        "domain": "餐饮",
        "type": "image",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "茶小铺",
        "visibility": "private",
        "active": true,
        "gated": true,
        "source": "mine",
        "locked": true,
        "ratio": "1:1",
        "sample_images": [
          "https://studio.example.com/files/samples/poster-classic.png"
        ],
        "template_type": "poster",
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
        "format": "xiaohongshu",
        "generation_configs": [
          {
            "default_reference_images": []
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  },
  "PATCH /templates": {
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
        "domain": "餐饮",
        "type": "image",
        "tenant_id": "3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10",
        "seller": "茶小铺",
        "visibility": "private",
        "active": false,
        "gated": true,
        "source": "mine",
        "locked": true,
        "ratio": "1:1",
        "sample_images": [
          "https://studio.example.com/files/samples/poster-classic.png"
        ],
        "template_type": "poster",
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
        "format": "xiaohongshu",
        "generation_configs": [
          {
            "default_reference_images": []
          }
        ],
        "created_at": "2026-11-24T08:00:00.000Z",
        "updated_at": "2026-11-24T08:00:00.000Z"
      }
    }
  }
};
